/**
 * The demo projects' content, written as a builder's design centre would: real rooms,
 * categories and finishes with prices in cents. Options refer to each other, to rooms
 * and to plans by name here; the seeder turns names into ids.
 */
import type { AppointmentTypeInput, ConsultantInput, ProjectOptions, Theme } from '@decor/core';
import { DEMO_FRENCH, DEMO_FRENCH_OPTIONS } from './demo-french.ts';

export interface RoomSeed {
  name: string;
  dimensions: { w: number; d: number; h: number };
  hotspot: { x: number; y: number };
}

export interface OptionSeed {
  name: string;
  price: number;
  level: 1 | 2 | 3 | 4;
  colour?: string;
  vendor: string;
  description: string;
  rooms?: string[];
  plans?: string[];
  requires?: string[];
  excludes?: string[];
  roughness?: number;
  metalness?: number;
  /** The design centre's recommendation, 1–5 (docs/fit-my-budget.md). */
  recommendation?: number;
}

export interface CategorySeed {
  name: string;
  rooms: string[];
  required: boolean;
  multiple: boolean;
  /** Options sold by the piece: the buyer chooses how many. */
  quantities?: boolean;
  allowance: number;
  surface: 'floor' | 'walls' | 'cabinets' | 'counter' | 'backsplash' | 'metal' | null;
  options: OptionSeed[];
}

export interface PlanSeed {
  name: string;
  bedrooms: number;
  bathrooms: number;
  area: number;
  rooms: string[];
}

export interface PackageSeed {
  name: string;
  description: string;
  options: string[];
  priceAdjustment: number;
}

export interface BuyerSeed {
  email: string;
  name: string;
  unit: string;
  coBuyerOf?: string;
  cart?: {
    status: 'draft' | 'submitted' | 'approved';
    deadlineInDays: number;
    choices: Array<[room: string, option: string, quantity?: number]>;
    notes?: string;
  };
}

export interface ProjectSeed {
  key: string;
  name: string;
  currency: string;
  options: ProjectOptions;
  theme: Theme;
  rooms: RoomSeed[];
  categories: CategorySeed[];
  plans: PlanSeed[];
  packages: PackageSeed[];
  units: Array<{
    name: string;
    floor: number;
    plan: string;
    status: 'available' | 'reserved' | 'sold';
    basePrice: number;
  }>;
  managers: Array<{ email: string; name: string }>;
  buyers: BuyerSeed[];
  /** The catalogue's names and descriptions in French, by their English words (docs/languages.md). */
  french?: Record<string, string>;
  /** The design centre's consultants (managers, by address) and kinds of meeting (docs/appointments.md). */
  appointments?: {
    consultants: Array<{ email: string } & Omit<ConsultantInput, 'userId'>>;
    types: AppointmentTypeInput[];
  };
}

const $ = (dollars: number) => Math.round(dollars * 100);

const MAPLE_TERMS = `## Terms of service

These terms cover your use of the **Maple Residences** selection portal.

1. Prices shown are upgrade prices over the standard finishes included in your purchase agreement, in Canadian dollars, before applicable taxes.
2. Your selections are binding once submitted with your signature and approved by the design centre. Changes after approval are change orders and may carry a fee.
3. Selections must be submitted before the deadline shown on your home page. After the deadline, standard finishes are installed for any category left open.
4. Colours on screen and in the 3D preview are representations; natural materials vary. Samples are available at the design centre.
5. A deposit on upgrades is payable as set out in your purchase agreement.

Questions? Contact the design centre at design@maple-residences.example.`;

const HARBOUR_TERMS = `## Terms of service

Selections in the **Harbour Lofts** portal are final once approved by the builder. Prices are in US dollars before tax.`;

// Placed so that no room of the minimap covers another (the catalogue check names any that do), and
// their pins on a plan's picture stand apart on a phone: rooms side by side are on different rows.
const demoRooms: RoomSeed[] = [
  { name: 'Foyer', dimensions: { w: 2.0, d: 2.4, h: 2.7 }, hotspot: { x: 0.5, y: 0.85 } },
  { name: 'Living Room', dimensions: { w: 4.6, d: 5.2, h: 2.7 }, hotspot: { x: 0.14, y: 0.15 } },
  { name: 'Kitchen', dimensions: { w: 3.2, d: 3.8, h: 2.7 }, hotspot: { x: 0.14, y: 0.62 } },
  { name: 'Primary Bedroom', dimensions: { w: 3.6, d: 4.1, h: 2.7 }, hotspot: { x: 0.86, y: 0.15 } },
  { name: 'Second Bedroom', dimensions: { w: 3.0, d: 3.2, h: 2.7 }, hotspot: { x: 0.5, y: 0.28 } },
  { name: 'Primary Ensuite', dimensions: { w: 2.4, d: 2.8, h: 2.6 }, hotspot: { x: 0.86, y: 0.42 } },
  { name: 'Main Bathroom', dimensions: { w: 1.6, d: 2.5, h: 2.6 }, hotspot: { x: 0.5, y: 0.55 } },
];

const LIVING_SPACES = ['Foyer', 'Living Room', 'Kitchen', 'Primary Bedroom', 'Second Bedroom'];
const WET_ROOMS = ['Kitchen', 'Primary Ensuite', 'Main Bathroom'];
const BATHROOMS = ['Primary Ensuite', 'Main Bathroom'];

const demoCategories: CategorySeed[] = [
  {
    name: 'Flooring',
    rooms: LIVING_SPACES,
    required: true,
    multiple: false,
    allowance: 0,
    surface: 'floor',
    options: [
      {
        name: 'Laminate – Natural Oak',
        price: 0,
        level: 1,
        colour: '#c8a578',
        vendor: 'Torlys',
        description: '12 mm AC4 laminate with a natural oak grain.',
        roughness: 0.7,
      },
      {
        name: 'Laminate – Grey Ash',
        price: 0,
        level: 1,
        colour: '#a39e93',
        vendor: 'Torlys',
        description: '12 mm AC4 laminate in a soft grey ash.',
        roughness: 0.7,
      },
      {
        name: 'Luxury Vinyl – Coastal White',
        price: $(1200),
        level: 2,
        colour: '#e6ddcf',
        vendor: 'Mohawk',
        description: 'Waterproof rigid-core vinyl plank, whitewashed oak look.',
        roughness: 0.6,
      },
      {
        name: 'Engineered Oak – Honey',
        recommendation: 4,
        price: $(1850),
        level: 2,
        colour: '#b9824a',
        vendor: 'Kentwood',
        description: '5" engineered white oak, 2 mm wear layer, honey stain.',
        roughness: 0.5,
      },
      {
        name: 'Engineered Oak – Smoked',
        price: $(2400),
        level: 3,
        colour: '#6e5038',
        vendor: 'Kentwood',
        description: '6" engineered oak, fumed and smoked, matte lacquer.',
        roughness: 0.5,
      },
      {
        name: 'Porcelain Tile – Concrete',
        price: $(2900),
        level: 3,
        colour: '#8d8d89',
        vendor: 'Ciot',
        description: '24×24 rectified porcelain with a poured-concrete look.',
        roughness: 0.4,
      },
      {
        name: 'Wide-Plank White Oak',
        price: $(4900),
        level: 4,
        colour: '#d2b48c',
        vendor: 'Kentwood',
        description: '9" wide-plank European white oak. Needs the open span of the two-bedroom plan.',
        plans: ['The Maple – 2 Bed'],
        roughness: 0.45,
      },
      {
        name: 'Herringbone Walnut',
        price: $(6200),
        level: 4,
        colour: '#5b3a29',
        vendor: 'Kentwood',
        description: 'American walnut laid in a herringbone pattern.',
        roughness: 0.45,
      },
    ],
  },
  {
    name: 'Wall Paint',
    rooms: demoRooms.map((room) => room.name),
    required: true,
    multiple: false,
    allowance: 0,
    surface: 'walls',
    options: [
      {
        name: 'Cloud White',
        price: 0,
        level: 1,
        colour: '#f3f1ea',
        vendor: 'Benjamin Moore',
        description: 'OC-130, eggshell finish. The builder standard.',
        roughness: 0.9,
      },
      {
        name: 'Swiss Coffee',
        recommendation: 4,
        price: 0,
        level: 1,
        colour: '#eee7da',
        vendor: 'Benjamin Moore',
        description: 'OC-45, a warm white, eggshell finish.',
        roughness: 0.9,
      },
      {
        name: 'Pale Oak',
        price: $(450),
        level: 2,
        colour: '#ddd3c4',
        vendor: 'Benjamin Moore',
        description: 'OC-20, a greige for warm light.',
        roughness: 0.9,
      },
      {
        name: 'Agreeable Gray',
        price: $(450),
        level: 2,
        colour: '#d1cbc1',
        vendor: 'Sherwin-Williams',
        description: 'SW 7029, a balanced warm grey.',
        roughness: 0.9,
      },
      {
        name: 'Sea Salt',
        price: $(650),
        level: 2,
        colour: '#cdd8cf',
        vendor: 'Sherwin-Williams',
        description: 'SW 6204, a soft green-grey.',
        roughness: 0.9,
      },
      {
        name: 'Hale Navy Accent Wall',
        price: $(850),
        level: 3,
        colour: '#3a4654',
        vendor: 'Benjamin Moore',
        description: 'HC-154 on one feature wall per room, Cloud White elsewhere.',
        roughness: 0.9,
      },
      {
        name: 'Sage Accent Wall',
        price: $(850),
        level: 3,
        colour: '#9caf88',
        vendor: 'Benjamin Moore',
        description: 'A sage feature wall per room, Cloud White elsewhere.',
        roughness: 0.9,
      },
    ],
  },
  {
    name: 'Kitchen Cabinets',
    rooms: ['Kitchen'],
    required: true,
    multiple: false,
    allowance: 0,
    surface: 'cabinets',
    options: [
      {
        name: 'Shaker – White',
        recommendation: 4,
        price: 0,
        level: 1,
        colour: '#f4f4f0',
        vendor: 'Merit Kitchens',
        description: 'Painted MDF shaker doors, soft-close hinges.',
        roughness: 0.6,
      },
      {
        name: 'Flat Slab – Grey',
        price: 0,
        level: 1,
        colour: '#9a9c9b',
        vendor: 'Merit Kitchens',
        description: 'Thermofoil slab doors in a mid grey.',
        roughness: 0.6,
      },
      {
        name: 'Shaker – Navy',
        price: $(2800),
        level: 2,
        colour: '#2f3e55',
        vendor: 'Merit Kitchens',
        description: 'Painted shaker in deep navy.',
        roughness: 0.6,
      },
      {
        name: 'Shaker – Sage Green',
        price: $(3400),
        level: 3,
        colour: '#8a9a7b',
        vendor: 'Merit Kitchens',
        description: 'Painted shaker in sage with an inset panel.',
        roughness: 0.6,
      },
      {
        name: 'High-Gloss White',
        price: $(3900),
        level: 3,
        colour: '#fbfbfb',
        vendor: 'Merit Kitchens',
        description: 'Acrylic high-gloss slab with hidden J-pulls.',
        roughness: 0.15,
        excludes: ['Leather Tab Pulls'],
      },
      {
        name: 'Rift Oak Veneer',
        price: $(4500),
        level: 3,
        colour: '#b08a5e',
        vendor: 'Merit Kitchens',
        description: 'Rift-sawn white oak veneer slab doors.',
        roughness: 0.55,
      },
      {
        name: 'Matte Black',
        price: $(5200),
        level: 4,
        colour: '#2a2a2a',
        vendor: 'Merit Kitchens',
        description: 'Super-matte anti-fingerprint laminate slab.',
        roughness: 0.8,
        excludes: ['Matte Black Pulls'],
      },
    ],
  },
  {
    name: 'Countertops',
    rooms: WET_ROOMS,
    required: true,
    multiple: false,
    allowance: 0,
    surface: 'counter',
    options: [
      {
        name: 'Laminate – Carrara Look',
        price: 0,
        level: 1,
        colour: '#e9e7e3',
        vendor: 'Formica',
        description: 'Post-formed laminate with a marble pattern.',
        roughness: 0.5,
      },
      {
        name: 'Quartz – Arctic White',
        recommendation: 5,
        price: $(2200),
        level: 2,
        colour: '#f2f2ee',
        vendor: 'Caesarstone',
        description: '2 cm quartz, eased edge.',
        roughness: 0.25,
      },
      {
        name: 'Quartz – Concrete Grey',
        price: $(2600),
        level: 2,
        colour: '#a7a6a1',
        vendor: 'Caesarstone',
        description: '2 cm quartz with a honed concrete look.',
        roughness: 0.35,
      },
      {
        name: 'Granite – Black Pearl',
        price: $(3100),
        level: 3,
        colour: '#262626',
        vendor: 'Stone Tile',
        description: '3 cm polished granite.',
        roughness: 0.2,
      },
      {
        name: 'Quartz – Calacatta',
        price: $(3600),
        level: 3,
        colour: '#ece8e1',
        vendor: 'Caesarstone',
        description: '3 cm quartz with bold grey veining.',
        roughness: 0.2,
      },
      {
        name: 'Marble – Statuario',
        recommendation: 2,
        price: $(7800),
        level: 4,
        colour: '#f0eeea',
        vendor: 'Stone Tile',
        description: '3 cm Italian marble, sealed. Natural stone varies.',
        roughness: 0.15,
      },
    ],
  },
  {
    name: 'Backsplash',
    rooms: ['Kitchen'],
    required: false,
    multiple: false,
    allowance: 0,
    surface: 'backsplash',
    options: [
      {
        name: 'White Subway 3×6',
        recommendation: 4,
        price: 0,
        level: 1,
        colour: '#f5f5f2',
        vendor: 'Olympia Tile',
        description: 'Gloss ceramic subway tile, white grout.',
        roughness: 0.2,
      },
      {
        name: 'Grey Glass Mosaic',
        price: $(1400),
        level: 2,
        colour: '#9aa3a8',
        vendor: 'Olympia Tile',
        description: '1×2 glass mosaic on mesh.',
        roughness: 0.1,
      },
      {
        name: 'Zellige – Green',
        price: $(1900),
        level: 3,
        colour: '#5f7f6b',
        vendor: 'Ciot',
        description: 'Hand-made glazed zellige, uneven surface.',
        roughness: 0.25,
      },
      {
        name: 'Marble Herringbone',
        price: $(2700),
        level: 4,
        colour: '#e4e0d8',
        vendor: 'Ciot',
        description: 'Honed marble in a herringbone mosaic.',
        roughness: 0.3,
      },
      {
        name: 'Full-Height Quartz Slab',
        price: $(3200),
        level: 4,
        colour: '#ece8e1',
        vendor: 'Caesarstone',
        description: 'Matches the Calacatta counter up to the upper cabinets.',
        roughness: 0.2,
        requires: ['Quartz – Calacatta'],
      },
    ],
  },
  {
    name: 'Cabinet Hardware',
    rooms: WET_ROOMS,
    required: false,
    multiple: false,
    allowance: 0,
    surface: 'metal',
    options: [
      {
        name: 'Brushed Nickel Bar Pulls',
        price: 0,
        level: 1,
        colour: '#b5b5b0',
        vendor: 'Richelieu',
        description: '128 mm bar pulls.',
        roughness: 0.35,
        metalness: 1,
      },
      {
        name: 'Polished Chrome Knobs',
        price: 0,
        level: 1,
        colour: '#d8d8d8',
        vendor: 'Richelieu',
        description: 'Round 30 mm knobs.',
        roughness: 0.1,
        metalness: 1,
      },
      {
        name: 'Matte Black Pulls',
        recommendation: 4,
        price: $(350),
        level: 2,
        colour: '#1d1d1d',
        vendor: 'Richelieu',
        description: '160 mm matte black pulls.',
        roughness: 0.6,
        metalness: 0.8,
      },
      {
        name: 'Brushed Brass Pulls',
        price: $(520),
        level: 3,
        colour: '#b08d57',
        vendor: 'Emtek',
        description: 'Solid brass, brushed satin finish.',
        roughness: 0.35,
        metalness: 1,
      },
      {
        name: 'Leather Tab Pulls',
        price: $(680),
        level: 4,
        colour: '#6b4a33',
        vendor: 'Emtek',
        description: 'Saddle leather tabs with brass screws.',
        roughness: 0.8,
        metalness: 0,
      },
      {
        name: 'Knurled Brass Pulls',
        price: $(750),
        level: 4,
        colour: '#a88449',
        vendor: 'Emtek',
        description: 'Knurled solid brass, unlacquered.',
        roughness: 0.4,
        metalness: 1,
      },
    ],
  },
  {
    name: 'Lighting',
    rooms: ['Foyer', 'Living Room', 'Kitchen', 'Primary Bedroom'],
    required: false,
    multiple: true,
    allowance: $(1000),
    surface: null,
    options: [
      {
        name: 'Standard LED Pot Lights',
        price: 0,
        level: 1,
        vendor: 'Lithonia',
        description: '4" slim LED pot lights, 3000 K.',
      },
      {
        name: 'Dimmer Package',
        price: $(480),
        level: 2,
        vendor: 'Lutron',
        description: 'Dimmers on every ceiling light circuit.',
      },
      {
        name: 'Under-Cabinet LED Strip',
        price: $(650),
        level: 2,
        vendor: 'Lithonia',
        description: 'Continuous LED strip under the upper cabinets.',
        rooms: ['Kitchen'],
      },
      {
        name: 'Smart Lighting Hub',
        price: $(1100),
        level: 3,
        vendor: 'Lutron',
        description: 'App and voice control of every dimmer.',
        requires: ['Dimmer Package'],
      },
      {
        name: 'Pendant Trio Over Island',
        price: $(1250),
        level: 2,
        vendor: 'Hubbardton',
        description: 'Three glass pendants on a shared canopy.',
        rooms: ['Kitchen'],
      },
      {
        name: 'Living Room Chandelier',
        price: $(1600),
        level: 3,
        vendor: 'Hubbardton',
        description: 'Brass and opal glass, on its own dimmer.',
        rooms: ['Living Room'],
      },
      {
        name: 'Cove Lighting',
        price: $(2200),
        level: 4,
        vendor: 'Lithonia',
        description: 'Indirect LED cove around the ceiling perimeter.',
      },
    ],
  },
  {
    name: 'Appliances',
    rooms: ['Kitchen'],
    required: true,
    multiple: false,
    allowance: 0,
    surface: null,
    options: [
      {
        name: 'Standard Stainless Package',
        price: 0,
        level: 1,
        vendor: 'Frigidaire',
        description: '30" fridge, electric range, dishwasher, over-the-range microwave.',
      },
      {
        name: 'Premium Stainless Package',
        price: $(1800),
        level: 2,
        vendor: 'KitchenAid',
        description: 'Counter-depth fridge, convection range, quiet dishwasher.',
      },
      {
        name: 'Gas Range Package',
        price: $(2100),
        level: 2,
        vendor: 'KitchenAid',
        description: '30" dual-fuel range with the premium package.',
        requires: ['Gas Line to Range'],
      },
      {
        name: 'Induction Package',
        price: $(2900),
        level: 3,
        vendor: 'Bosch',
        description: 'Induction cooktop, wall oven, panel dishwasher.',
      },
      {
        name: 'Integrated Panel-Ready Package',
        price: $(5900),
        level: 4,
        vendor: 'Miele',
        description: 'Panel-ready fridge and dishwasher behind cabinet fronts. Needs the two-bedroom kitchen.',
        plans: ['The Maple – 2 Bed'],
      },
    ],
  },
  {
    name: 'Bathroom Tile',
    rooms: BATHROOMS,
    required: true,
    multiple: false,
    allowance: 0,
    surface: 'floor',
    options: [
      {
        name: 'White Hex Mosaic',
        price: 0,
        level: 1,
        colour: '#f1f1ef',
        vendor: 'Olympia Tile',
        description: '2" hex porcelain mosaic.',
        roughness: 0.4,
      },
      {
        name: 'Grey Porcelain 12×24',
        price: 0,
        level: 1,
        colour: '#8f8f8a',
        vendor: 'Olympia Tile',
        description: 'Matte porcelain, 1/8" grout.',
        roughness: 0.5,
      },
      {
        name: 'Marble-Look Porcelain',
        recommendation: 4,
        price: $(1400),
        level: 2,
        colour: '#e5e2dc',
        vendor: 'Ciot',
        description: '12×24 polished porcelain with marble veining.',
        roughness: 0.2,
      },
      {
        name: 'Slate Black',
        price: $(1700),
        level: 3,
        colour: '#3b3b3b',
        vendor: 'Ciot',
        description: 'Natural cleft slate, sealed.',
        roughness: 0.7,
      },
      {
        name: 'Terrazzo',
        price: $(2300),
        level: 3,
        colour: '#d9d2c5',
        vendor: 'Ciot',
        description: 'Porcelain terrazzo with coloured chips.',
        roughness: 0.45,
      },
      {
        name: 'Encaustic Pattern',
        price: $(2600),
        level: 4,
        colour: '#51657a',
        vendor: 'Ciot',
        description: '8×8 patterned cement-look tile.',
        roughness: 0.5,
      },
    ],
  },
  {
    name: 'Electrical',
    rooms: ['Kitchen', 'Living Room', 'Primary Bedroom', 'Primary Ensuite'],
    required: false,
    multiple: true,
    quantities: true,
    allowance: 0,
    surface: null,
    options: [
      {
        name: 'USB-C Outlets',
        price: $(90),
        level: 1,
        vendor: 'Leviton',
        description: 'A duplex outlet with two USB-C ports, per outlet.',
      },
      {
        name: 'Extra Duplex Outlet',
        price: $(150),
        level: 1,
        vendor: 'Leviton',
        description: 'One more outlet where you want it, per outlet.',
      },
      {
        name: 'Gas Line to Range',
        price: $(750),
        level: 2,
        vendor: 'Enbridge',
        description: 'Gas supply roughed in to the range location.',
        rooms: ['Kitchen'],
      },
      {
        name: 'EV Charger Rough-In',
        price: $(950),
        level: 2,
        vendor: 'Leviton',
        description: '40 A circuit to your parking stall.',
      },
      {
        name: 'Heated Ensuite Floor',
        price: $(1900),
        level: 3,
        vendor: 'Nuheat',
        description: 'Electric in-floor heat with a programmable thermostat.',
        rooms: ['Primary Ensuite'],
      },
    ],
  },
];

const demoPlans: PlanSeed[] = [
  {
    name: 'The Birch – 1 Bed + Den',
    bedrooms: 1,
    bathrooms: 1,
    area: 61.5,
    rooms: ['Foyer', 'Living Room', 'Kitchen', 'Primary Bedroom', 'Main Bathroom'],
  },
  { name: 'The Maple – 2 Bed', bedrooms: 2, bathrooms: 2, area: 84.2, rooms: demoRooms.map((room) => room.name) },
];

function demoUnits() {
  const units: ProjectSeed['units'] = [];
  const statusPattern: Array<'available' | 'reserved' | 'sold'> = [
    'sold',
    'sold',
    'reserved',
    'sold',
    'available',
    'sold',
  ];
  for (let floor = 2; floor <= 7; floor++) {
    for (let n = 1; n <= 4; n++) {
      const isMaple = n % 2 === 0;
      units.push({
        name: `${floor}0${n}`,
        floor,
        plan: isMaple ? demoPlans[1]!.name : demoPlans[0]!.name,
        status: statusPattern[(floor + n) % statusPattern.length]!,
        basePrice: $((isMaple ? 729_900 : 549_900) + floor * 5_000),
      });
    }
  }
  // Every unit with a buyer below is sold.
  for (const name of ['402', '203', '304', '501', '602', '701']) units.find((u) => u.name === name)!.status = 'sold';
  return units;
}

export const DEMO_PASSWORD_FILE = 'demo-password';

export const demoProject: ProjectSeed = {
  key: 'demo',
  name: 'Maple Residences',
  currency: 'CAD',
  options: {
    locale: 'en-CA',
    languages: ['en', 'fr-CA'],
    defaultLanguage: 'en',
    timeZone: 'America/Vancouver',
    unitSystem: 'metric',
    termsOfService: MAPLE_TERMS,
    depositPercent: 10,
    payments: {
      taxes: [
        { name: 'GST', rate: 5 },
        { name: 'PST', rate: 7 },
      ],
      pricesIncludeTax: false,
      rounding: 'total',
      depositAmount: null,
      specialOrderPercent: 100,
      instalments: [{ label: 'Framing', percent: 40, due: { stage: 'Framing' } }],
      balanceDue: { stage: 'Closing' },
      changeOrderDepositPercent: 50,
      offlineInstructions:
        'Cheque payable to **Maple Residences Ltd.**, or a wire to account 00123-456 (transit 01234, institution 004), quoting your reference.',
      depositBeforeApproval: false,
    },
    tagline: 'Make it yours, room by room.',
    defaultDeadlineDays: 30,
    contact: {
      name: 'Maple Residences Design Centre',
      email: 'design@maple-residences.example',
      phone: '+1 604 555 0142',
      hours: 'Mon–Sat 10:00–17:00',
    },
    translations: { 'fr-CA': DEMO_FRENCH_OPTIONS },
  },
  french: DEMO_FRENCH,
  theme: { logoBg: '#0f3d33', primary: '#1f6f5c', secondary: '#c8a97e', logoUrl: null },
  rooms: demoRooms,
  categories: demoCategories,
  plans: demoPlans,
  packages: [
    {
      name: 'Modern Minimal',
      description: 'Coastal white floors, rift oak cabinets, white quartz and black hardware.',
      options: [
        'Luxury Vinyl – Coastal White',
        'Rift Oak Veneer',
        'Quartz – Arctic White',
        'Matte Black Pulls',
        'Grey Glass Mosaic',
      ],
      priceAdjustment: -$(1500),
    },
    {
      name: 'Classic Warmth',
      description: 'Honey oak floors, navy shaker cabinets, Calacatta quartz and brushed brass.',
      options: [
        'Engineered Oak – Honey',
        'Shaker – Navy',
        'Quartz – Calacatta',
        'Brushed Brass Pulls',
        'Marble Herringbone',
      ],
      priceAdjustment: -$(2000),
    },
  ],
  units: demoUnits(),
  managers: [{ email: 'manager@demo.test', name: 'Morgan Design-Centre' }],
  appointments: {
    consultants: [
      {
        email: 'manager@demo.test',
        place: 'Maple Heights design centre, 2nd floor',
        weekly: [1, 2, 3, 4, 5]
          .map((weekday) => ({ weekday, start: '09:00', end: '17:00' }))
          .concat([{ weekday: 6, start: '10:00', end: '14:00' }]),
      },
    ],
    types: [
      {
        names: { en: 'Design consultation', 'fr-CA': 'Consultation design' },
        lengthMinutes: 120,
        bufferMinutes: 15,
        stepMinutes: 30,
        freeCount: 1,
        fee: $(150),
      },
      {
        names: { en: 'Final review', 'fr-CA': 'Revue finale' },
        lengthMinutes: 60,
        bufferMinutes: 15,
        stepMinutes: 30,
        freeCount: 1,
        fee: $(100),
      },
    ],
  },
  buyers: [
    {
      email: 'buyer@demo.test',
      name: 'Alex Buyer',
      unit: '402',
      cart: {
        status: 'draft',
        deadlineInDays: 21,
        choices: [
          ['Living Room', 'Engineered Oak – Honey'],
          ['Living Room', 'Pale Oak'],
          ['Kitchen', 'Shaker – Navy'],
          ['Kitchen', 'Dimmer Package'],
        ],
      },
    },
    {
      email: 'olivia.chen@demo.test',
      name: 'Olivia Chen',
      unit: '203',
      cart: {
        status: 'submitted',
        deadlineInDays: 10,
        choices: [
          ['Living Room', 'Laminate – Natural Oak'],
          ['Living Room', 'Cloud White'],
          ['Kitchen', 'Shaker – White'],
          ['Kitchen', 'Quartz – Arctic White'],
          ['Kitchen', 'Premium Stainless Package'],
          ['Main Bathroom', 'White Hex Mosaic'],
        ],
        notes: 'Please keep the den paint the same as the living room.',
      },
    },
    {
      email: 'marcus.reid@demo.test',
      name: 'Marcus Reid',
      unit: '304',
      cart: {
        status: 'approved',
        deadlineInDays: -4,
        choices: [
          ['Living Room', 'Wide-Plank White Oak'],
          ['Living Room', 'Agreeable Gray'],
          ['Kitchen', 'Rift Oak Veneer'],
          ['Kitchen', 'Quartz – Calacatta'],
          ['Kitchen', 'Full-Height Quartz Slab'],
          ['Kitchen', 'Induction Package'],
          ['Kitchen', 'Brushed Brass Pulls'],
          ['Primary Ensuite', 'Terrazzo'],
          ['Primary Ensuite', 'Heated Ensuite Floor'],
        ],
      },
    },
    { email: 'priya.reid@demo.test', name: 'Priya Reid', unit: '304', coBuyerOf: 'marcus.reid@demo.test' },
    {
      email: 'sofia.martin@demo.test',
      name: 'Sofia Martin',
      unit: '501',
      cart: { status: 'draft', deadlineInDays: 5, choices: [] },
    },
    {
      email: 'daniel.okafor@demo.test',
      name: 'Daniel Okafor',
      unit: '602',
      cart: {
        status: 'draft',
        deadlineInDays: -3,
        choices: [
          ['Living Room', 'Porcelain Tile – Concrete'],
          ['Kitchen', 'Matte Black'],
        ],
      },
    },
    {
      email: 'hannah.lee@demo.test',
      name: 'Hannah Lee',
      unit: '701',
      cart: {
        status: 'draft',
        deadlineInDays: 14,
        choices: [
          ['Living Room', 'Luxury Vinyl – Coastal White'],
          ['Living Room', 'Sea Salt'],
          ['Kitchen', 'Flat Slab – Grey'],
          ['Kitchen', 'Quartz – Concrete Grey'],
          ['Kitchen', 'Standard Stainless Package'],
          ['Kitchen', 'Extra Duplex Outlet', 2],
        ],
      },
    },
  ],
};

export const harbourProject: ProjectSeed = {
  key: 'harbour',
  name: 'Harbour Lofts',
  currency: 'USD',
  options: {
    locale: 'en-US',
    languages: ['en'],
    defaultLanguage: 'en',
    timeZone: 'America/New_York',
    unitSystem: 'imperial',
    termsOfService: HARBOUR_TERMS,
    depositPercent: 0,
    tagline: 'Loft living on the water.',
  },
  theme: { logoBg: '#0b2545', primary: '#1d4e89', secondary: '#f2a541', logoUrl: null },
  rooms: [
    { name: 'Entry', dimensions: { w: 1.8, d: 2.0, h: 3.2 }, hotspot: { x: 0.1, y: 0.5 } },
    { name: 'Living Room', dimensions: { w: 5.0, d: 6.0, h: 3.2 }, hotspot: { x: 0.45, y: 0.35 } },
    { name: 'Kitchen', dimensions: { w: 3.0, d: 4.0, h: 3.2 }, hotspot: { x: 0.45, y: 0.75 } },
    { name: 'Bedroom', dimensions: { w: 3.5, d: 3.8, h: 3.2 }, hotspot: { x: 0.8, y: 0.3 } },
    { name: 'Bathroom', dimensions: { w: 2.0, d: 2.6, h: 2.8 }, hotspot: { x: 0.8, y: 0.75 } },
  ],
  categories: [
    {
      name: 'Flooring',
      rooms: ['Entry', 'Living Room', 'Kitchen', 'Bedroom'],
      required: true,
      multiple: false,
      allowance: 0,
      surface: 'floor',
      options: [
        {
          name: 'Polished Concrete',
          price: 0,
          level: 1,
          colour: '#9e9e9a',
          vendor: 'In-house',
          description: 'Sealed original slab.',
        },
        {
          name: 'Reclaimed Pine',
          price: $(3200),
          level: 3,
          colour: '#a7774a',
          vendor: 'Harbour Mill',
          description: 'Reclaimed warehouse pine.',
        },
        {
          name: 'Maple Strip',
          price: $(2100),
          level: 2,
          colour: '#d8b98f',
          vendor: 'Harbour Mill',
          description: '2 1/4" maple strip.',
        },
      ],
    },
    {
      name: 'Paint',
      rooms: ['Entry', 'Living Room', 'Kitchen', 'Bedroom', 'Bathroom'],
      required: true,
      multiple: false,
      allowance: 0,
      surface: 'walls',
      options: [
        {
          name: 'Gallery White',
          price: 0,
          level: 1,
          colour: '#f4f4f1',
          vendor: 'Sherwin-Williams',
          description: 'Flat white.',
        },
        {
          name: 'Harbour Blue',
          price: $(600),
          level: 2,
          colour: '#47617a',
          vendor: 'Sherwin-Williams',
          description: 'Deep harbour blue.',
        },
      ],
    },
    {
      name: 'Kitchen Cabinets',
      rooms: ['Kitchen'],
      required: true,
      multiple: false,
      allowance: 0,
      surface: 'cabinets',
      options: [
        {
          name: 'White Slab',
          price: 0,
          level: 1,
          colour: '#f7f7f5',
          vendor: 'Loft Cabinetry',
          description: 'White melamine slab.',
        },
        {
          name: 'Walnut Slab',
          price: $(4200),
          level: 3,
          colour: '#5d4030',
          vendor: 'Loft Cabinetry',
          description: 'Walnut veneer slab.',
        },
      ],
    },
    {
      name: 'Countertops',
      rooms: ['Kitchen', 'Bathroom'],
      required: false,
      multiple: false,
      allowance: 0,
      surface: 'counter',
      options: [
        {
          name: 'Butcher Block',
          price: 0,
          level: 1,
          colour: '#c69c6d',
          vendor: 'Harbour Mill',
          description: 'Oiled maple butcher block.',
        },
        {
          name: 'Soapstone',
          price: $(3900),
          level: 3,
          colour: '#4a4f4f',
          vendor: 'Stone Co.',
          description: 'Honed soapstone.',
        },
      ],
    },
  ],
  plans: [
    {
      name: 'Loft One',
      bedrooms: 1,
      bathrooms: 1,
      area: 78,
      rooms: ['Entry', 'Living Room', 'Kitchen', 'Bedroom', 'Bathroom'],
    },
  ],
  packages: [
    {
      name: 'Warehouse',
      description: 'Reclaimed pine, walnut cabinets and soapstone.',
      options: ['Reclaimed Pine', 'Walnut Slab', 'Soapstone'],
      priceAdjustment: -$(1000),
    },
  ],
  units: Array.from({ length: 8 }, (_, i) => ({
    name: `L${i + 1}`,
    floor: 1 + Math.floor(i / 4),
    plan: 'Loft One',
    status: i < 5 ? ('sold' as const) : ('available' as const),
    basePrice: $(489_000 + i * 7_500),
  })),
  managers: [{ email: 'manager@harbour.test', name: 'Harper Harbour' }],
  buyers: [
    {
      email: 'buyer@harbour.test',
      name: 'Sam Harbour',
      unit: 'L2',
      cart: { status: 'draft', deadlineInDays: 30, choices: [['Living Room', 'Maple Strip']] },
    },
  ],
};

export const ADMIN_ACCOUNT = { email: 'admin@demo.test', name: 'Ada Admin' };
