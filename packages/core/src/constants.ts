/**
 * Business constants of docs/api.md, each named once. Durations are in milliseconds.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Collection page size; more items exist while a page comes back full. */
export const COLLECTION_PAGE_SIZE = 50;
/** Largest page a client may ask for (docs/architecture.md, issue 4). */
export const COLLECTION_MAX_PAGE_SIZE = 200;

/** How long the client waits for the decor API base URL. */
export const DECOR_API_WAIT_MS = 10 * SECOND;
/** How long guards wait for auth readiness before treating the user as a visitor. */
export const AUTH_READY_WAIT_MS = 5 * SECOND;
/** How long the client waits for the project to load. */
export const PROJECT_READY_WAIT_MS = 5 * SECOND;

/** Two-click delete: the window in which a second click confirms. */
export const DELETE_CONFIRM_WINDOW_MS = 1 * SECOND;

/** Minimum height of a textarea. */
export const TEXTAREA_MIN_HEIGHT = '2.6em';

/** Square metres to square feet. */
export const SQUARE_FEET_PER_SQUARE_METRE = 10.7639;

/** Identity provider timings. */
export const SIGN_IN_TIMEOUT_DESKTOP_MS = 30 * SECOND;
export const SIGN_IN_TIMEOUT_MOBILE_MS = 60 * SECOND;
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * MINUTE;
export const TOKEN_REFRESH_BACKOFF_MIN_MS = 30 * SECOND;
export const TOKEN_REFRESH_BACKOFF_MAX_MS = 16 * MINUTE;
export const TOKEN_EXPIRY_SKEW_MS = 30 * SECOND;
export const AUTH_TOKEN_SYNC_MAX_AGE_MS = 5 * MINUTE;

/** Tooltip and popover defaults. */
export const TOOLTIP_SHOW_DELAY_MS = 200;
export const MENU_HIDE_DELAY_MS = 400;
export const POPOVER_DISPOSE_MS = 150;
export const TOOLTIP_DISTANCE_PX = 5;

/** Virtual scroller defaults. */
export const SCROLLER_BUFFER_PX = 200;
export const SCROLLER_RENDER_LIMIT = 1000;

/** Session-recording integration version when none is configured. */
export const SESSION_RECORDING_DEFAULT_VERSION = 6;

/** Shown in place of a number that is not a number. */
export const MISSING_VALUE = '–';

/** Passwords: our policy on top of the identity provider's (its library default minimum is 6). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Digits in a one-time sign-in code sent by e-mail. */
export const ONE_TIME_CODE_LENGTH = 6;

/** The environments a deploy can be (docs/data-model.md), in the order the quick box lists them. */
export const DEPLOY_TYPES_LIST = ['development', 'staging', 'production'] as const;
export type DeployTypeName = (typeof DEPLOY_TYPES_LIST)[number];

/**
 * The features a project's managers may turn off (docs/back-office.md, "Settings"); each is on
 * unless the project's `features` says false, and the server enforces it.
 */
export const PROJECT_FEATURES = {
  shareLinks: 'Buyers may share a read-only link to their selection',
  alternatives: 'Buyers may save alternatives of their selection and switch between them',
  fitBudget: 'Buyers may ask for the best selection within their budget (Fit my budget)',
} as const;
export type ProjectFeature = keyof typeof PROJECT_FEATURES;

/** Whether a project has a feature: on unless turned off. */
export function hasFeature(features: Record<string, boolean> | undefined, feature: ProjectFeature): boolean {
  return features?.[feature] !== false;
}

/** A visit goes on while its beacon beats within this time (a minute's beat, a tab in the background). */
export const VISIT_IDLE_MS = 30 * 60 * 1000;
/** Someone is "on now" when their visit beat within this time. */
export const VISIT_LIVE_MS = 2 * 60 * 1000;
/** How often the app's beacon beats while its page is shown. */
export const VISIT_BEAT_MS = 60 * 1000;
