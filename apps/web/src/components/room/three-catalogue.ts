/**
 * The part of three.js react-three-fiber sees as `THREE` (vite/three-catalogue.ts): the classes
 * and constants the fiber itself uses, and the elements the scenes draw (`<mesh>`,
 * `<boxGeometry>` …). `three-catalogue.test.ts` fails when a scene draws an element missing here.
 */
export {
  // The fiber's own: renderer, scene, cameras, pointer events, colour management, shadows.
  ACESFilmicToneMapping,
  BasicShadowMap,
  Clock,
  Color,
  ColorManagement,
  Layers,
  LinearSRGBColorSpace,
  NoToneMapping,
  Object3D,
  OrthographicCamera,
  PCFShadowMap,
  PCFSoftShadowMap,
  PerspectiveCamera,
  RGBAFormat,
  Raycaster,
  SRGBColorSpace,
  Scene,
  ShaderMaterial,
  UnsignedByteType,
  Vector2,
  Vector3,
  VSMShadowMap,
  WebGLRenderer,
  // The elements the scenes draw.
  AmbientLight,
  BoxGeometry,
  CylinderGeometry,
  DirectionalLight,
  Group,
  Mesh,
  MeshStandardMaterial,
  PlaneGeometry,
} from 'three';
