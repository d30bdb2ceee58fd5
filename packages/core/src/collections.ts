import { z } from 'zod';
import { LANGUAGES } from './messages/languages.ts';
import { SURFACES } from './surfaces.ts';
import type { ApiItem } from './api-item.ts';
import { CART_ACTIONS } from './cart-status.ts';
import { leadSchema } from './leads.ts';
import { commentSchema, noteSchema } from './comments.ts';
import { TRANSLATABLE_FIELDS } from './content-languages.ts';
import { translationsSchema } from './translations-schema.ts';

/**
 * The built-in collections of a project's decor content (docs/data-model.md), defined once:
 * the zod shape (validation on the server through its JSON Schema, and types for the
 * web), the UI hints (`$ui`), the references between items, and who may read and write.
 */

const id = z.uuid();
const ids = z.array(id).max(500);
const money = z.number().int().min(-100_000_000_00).max(100_000_000_00);
const text = (max = 200) => z.string().max(max);
const name = z.string().trim().min(1).max(200);
const fileRef = z.uuid();

export const roomSchema = z
  .object({
    name,
    /** The translatable fields in the project's other languages (docs/languages.md). */
    translations: translationsSchema(TRANSLATABLE_FIELDS.rooms).default({}),
    order: z.number().nullable().optional(),
    slug: text(100).optional(),
    plans: ids.optional(),
    hotspot: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .nullable()
      .optional(),
    dimensions: z
      .object({
        w: z.number().positive().max(100),
        d: z.number().positive().max(100),
        h: z.number().positive().max(20),
      })
      .nullable()
      .optional(),
  })
  .strict();

export const categorySchema = z
  .object({
    name,
    /** The translatable fields in the project's other languages (docs/languages.md). */
    translations: translationsSchema(TRANSLATABLE_FIELDS.categories).default({}),
    rooms: ids.default([]),
    order: z.number().default(0),
    required: z.boolean().default(false),
    multiple: z.boolean().default(false),
    /** A buyer may choose how many of an option (outlets, say); otherwise one. */
    quantities: z.boolean().default(false),
    allowance: money.min(0).default(0),
    surface: z.enum(SURFACES).nullable().default(null),
  })
  .strict();

export const swatchSchema = z
  .object({
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    texture: fileRef.nullable().optional(),
    roughness: z.number().min(0).max(1).default(0.6),
    metalness: z.number().min(0).max(1).default(0),
    scale: z.number().positive().max(100).default(1),
  })
  .strict();

const RECOMMENDATION_HELP = 'Your rank, 1 (least) to 5 (most): Fit my budget favours higher ranks; empty counts as 3.';

export const optionSchema = z
  .object({
    name,
    /** The translatable fields in the project's other languages (docs/languages.md). */
    translations: translationsSchema(TRANSLATABLE_FIELDS.options).default({}),
    category: id,
    rooms: ids.default([]),
    sku: text(100).default(''),
    vendor: text(200).default(''),
    description: text(5000).default(''),
    price: money,
    level: z.number().int().min(1).max(4).default(1),
    /** The design centre's recommendation, 1 (least) to 5 (most), that Fit my budget favours (docs/fit-my-budget.md); none counts as 3. */
    recommendation: z.number().int().min(1).max(5).nullable().optional(),
    standard: z.boolean().default(false),
    images: z.array(fileRef).max(20).default([]),
    swatch: swatchSchema.nullable().default(null),
    plans: ids.default([]),
    requires: ids.default([]),
    excludes: ids.default([]),
    active: z.boolean().default(true),
    /** Ordered for this buyer alone: its deposit is the project's special-order share of its price (docs/payments.md). */
    specialOrder: z.boolean().optional(),
  })
  .strict();

export const packageSchema = z
  .object({
    name,
    /** The translatable fields in the project's other languages (docs/languages.md). */
    translations: translationsSchema(TRANSLATABLE_FIELDS.packages).default({}),
    description: text(5000).default(''),
    options: ids.default([]),
    priceAdjustment: money.default(0),
    /** The design centre's recommendation of the package as a whole, 1 to 5 (docs/fit-my-budget.md); none counts as 3. */
    recommendation: z.number().int().min(1).max(5).nullable().optional(),
    image: fileRef.nullable().default(null),
  })
  .strict();

export const planSchema = z
  .object({
    name,
    /** The translatable fields in the project's other languages (docs/languages.md). */
    translations: translationsSchema(TRANSLATABLE_FIELDS.plans).default({}),
    bedrooms: z.number().int().min(0).max(20).default(0),
    bathrooms: z.number().min(0).max(20).default(0),
    area: z.number().positive().max(100_000),
    rooms: ids.default([]),
    minimap: fileRef.nullable().optional(),
  })
  .strict();

export const UNIT_STATUSES = ['available', 'reserved', 'sold'] as const;

export const unitSchema = z
  .object({
    name,
    floor: z.number().int().min(-10).max(300),
    plan: id,
    status: z.enum(UNIT_STATUSES).default('available'),
    basePrice: money.min(0).optional(),
    buyers: z.array(z.string().max(100)).max(20).default([]),
    deadline: z.iso.datetime({ offset: true }).nullable().default(null),
    area: z.number().positive().max(100_000).optional(),
  })
  .strict();

/** How many named alternatives one cart keeps. */
export const MAX_CART_VERSIONS = 10;

export const CART_STATUSES = ['draft', 'submitted', 'approved'] as const;

export const selectionSchema = z
  .object({ option: id, room: id.optional(), quantity: z.number().int().min(1).max(1000).default(1) })
  .strict();

/**
 * A line of a signed or approved cart that is not an option: a package's saving or a change fee.
 * A change order's fee names its number (`changeOrder`): each reader reads its words in their
 * own language (adjustmentLabel in pricing.ts); `label` keeps the English words for API clients.
 */
export const adjustmentSchema = z
  .object({
    label: text(200),
    amount: money,
    changeOrder: z.number().int().min(1).max(1000).optional(),
    /** The meeting with the design centre this fee is for (docs/appointments.md, "Fees"). */
    appointment: z.uuid().optional(),
  })
  .strict();

export const cartSchema = z
  .object({
    unit: id,
    owner: z.string().max(100),
    selections: z.array(selectionSchema).max(500).default([]),
    package: id.nullable().default(null),
    status: z.enum(CART_STATUSES).default('draft'),
    total: money.default(0),
    deadline: z.iso.datetime({ offset: true }).nullable().default(null),
    notes: text(5000).default(''),
    /** The buyer's own spending target for upgrades (minor units), shown beside the total. */
    budget: money.min(0).nullable().optional(),
    /**
     * What the buyer signed: the name, the time, and exactly the lines, prices, adjustments
     * and total that were shown (docs/selection-rules.md, "Prices"). Approval copies these.
     */
    signature: z
      .object({
        name: text(200),
        signedAt: z.iso.datetime({ offset: true }),
        total: money,
        lines: z
          .array(selectionSchema.extend({ price: money }))
          .max(500)
          .optional(),
        adjustments: z.array(adjustmentSchema).max(10).optional(),
        /** The language it was signed in: its PDF is printed in it (docs/languages.md). */
        language: z.enum(LANGUAGES).optional(),
      })
      .strict()
      .nullable()
      .default(null),
    /** Prices of chosen options that changed while the cart was open, newest last: the buyer is told. */
    priceChanges: z
      .array(
        z
          .object({ option: id, name: text(200), from: money, to: money, at: z.iso.datetime({ offset: true }) })
          .strict(),
      )
      .max(50)
      .default([]),
    /**
     * Where every buyer of the unit signs (the project's `signing`, docs/selection-rules.md,
     * "Signing together"): each buyer's signature of the choices as they now are. The last one
     * submits; a change to the choices sets them all aside. Written by the server only.
     */
    signatures: z
      .array(
        z
          .object({
            by: z.string().max(100),
            name: text(200),
            signedAt: z.iso.datetime({ offset: true }),
            language: z.enum(LANGUAGES).optional(),
          })
          .strict(),
      )
      .max(10)
      .default([]),
    /** Change orders: 1 until an approved selection is reopened. */
    revision: z.number().int().min(1).default(1),
    /** Fees a manager added when reopening an approved selection; part of the total, written by the server only. */
    fees: z.array(adjustmentSchema).max(10).default([]),
    /** Every status change: who, when, and a manager's comment. */
    history: z
      .array(
        z
          .object({
            status: z.enum([...CART_STATUSES, 'locked']),
            /** What happened (absent on entries written before actions were recorded). */
            action: z.enum(CART_ACTIONS).optional(),
            at: z.iso.datetime({ offset: true }),
            by: z.string().max(100),
            /** The name of who did it, as it was then: buyers read it without seeing other accounts. */
            byName: text(200).optional(),
            comment: text(2000).optional(),
            /** For a reopening: the change order's fee; for an extension: the new deadline. */
            fee: money.optional(),
            deadline: z.iso.datetime({ offset: true }).optional(),
          })
          .strict(),
      )
      .max(500)
      .default([]),
    /** Saved alternatives (docs/selection-rules.md "Cart versions"): written by the server, never by a PATCH. */
    versions: z
      .array(
        z
          .object({
            id,
            name: z.string().trim().min(1).max(80),
            savedAt: z.iso.datetime({ offset: true }),
            by: z.string().max(100),
            selections: z.array(selectionSchema).max(500),
            package: id.nullable(),
            total: money,
          })
          .strict(),
      )
      .max(MAX_CART_VERSIONS)
      .default([]),
  })
  .strict();

export const purchaseSchema = z
  .object({
    cart: id,
    unit: id,
    buyer: z.string().max(100),
    lines: z.array(selectionSchema.extend({ price: money })).max(500),
    /** What is not an option line (a package's saving): the total is always lines + adjustments. */
    adjustments: z.array(adjustmentSchema).max(10).default([]),
    total: money,
    currency: z.string().length(3),
    approvedBy: z.string().max(100),
    approvedAt: z.iso.datetime({ offset: true }),
    revision: z.number().int().min(1),
  })
  .strict();

/** Who may read a collection: everyone (visitors too), or only the owners of an item. */
export type ReadAccess = 'public' | 'own';
/** Who may write: managers only, buyers on their own items (some fields), or nobody via the API. */
export type WriteAccess = 'managers' | 'owners' | 'nobody';

export interface CollectionRef {
  /** Where the id sits: `category`, `rooms[]`, `selections[].option`. */
  path: string;
  collection: string;
}

/**
 * What kind of input a field needs beyond what its JSON Schema says (docs/back-office.md,
 * "Catalogue editor"): an amount of money (minor units of the project's currency), one or
 * several uploaded files (the first of several is the main one), Markdown text, a colour.
 */
export const FIELD_KINDS = ['money', 'file', 'files', 'markdown', 'color'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const fieldHintSchema = z
  .object({
    kind: z.enum(FIELD_KINDS).optional(),
    /** The field's name for people ("Price adjustment" for `priceAdjustment`). */
    label: z.string().max(100).optional(),
    /** One sentence under the field. */
    help: z.string().max(300).optional(),
    /** For files: what may be uploaded (`image/*`). */
    accept: z.string().max(200).optional(),
    /** Not shown in the form (written by the server or by its own screen). */
    hidden: z.boolean().optional(),
    /** Written in each of the project's languages: the form asks for it once per language, the others in `translations`. */
    translatable: z.boolean().optional(),
  })
  .strict();
export type FieldHint = z.infer<typeof fieldHintSchema>;

/** UI hints of a collection (`$ui`): its names, icon, navigation group, list columns, title field, and hints per field. */
export const collectionUiSchema = z.object({
  label: z.string(),
  singular: z.string(),
  icon: z.string(),
  group: z.enum(['Catalogue', 'Sales', 'Project']),
  columns: z.array(z.string()),
  titleField: z.string(),
  fields: z.record(z.string(), fieldHintSchema).optional(),
});
export type CollectionUi = z.infer<typeof collectionUiSchema>;

export interface CollectionDefinition {
  name: string;
  schema: z.ZodObject;
  ui: CollectionUi;
  refs: CollectionRef[];
  read: ReadAccess;
  write: WriteAccess;
  /** Fields that people who are not entitled to the whole item may see (public availability). */
  publicFields?: string[];
  /** For `owners` writes: the only fields a buyer may change. */
  ownerWritableFields?: string[];
  /** Fields only the server sets (a cart's total): whatever a client sends for them is ignored. */
  serverFields?: string[];
  /** What makes an item a person's own (docs/architecture.md, "Access"). */
  ownership?: CollectionOwnership;
}

/**
 * What makes an item a person's own: they are listed in its `buyersField`, or named in its
 * `userField`, or they own the item its `through.field` names, in `through.collection`, by
 * being listed in that item's `through.buyersField` (a cart is its unit's buyers' too, so
 * co-buyers share it). Declared by the collection; the engine names no collection.
 */
export const collectionOwnershipSchema = z
  .object({
    buyersField: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/)
      .optional(),
    userField: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/)
      .optional(),
    through: z
      .object({
        field: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/),
        collection: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
        buyersField: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,62}$/),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CollectionOwnership = z.infer<typeof collectionOwnershipSchema>;

/** How a unit's buyers own what names the unit. */
const THROUGH_UNIT = { field: 'unit', collection: 'units', buyersField: 'buyers' } as const;

/** Marks a built-in collection's translatable fields in its hints; its `translations` have no field of their own in the form. */
function withTranslatableHints(definition: CollectionDefinition): CollectionDefinition {
  const fields = (TRANSLATABLE_FIELDS as Record<string, readonly string[]>)[definition.name];
  if (!fields) return definition;
  const hints: Record<string, FieldHint> = { ...definition.ui.fields, translations: { hidden: true } };
  for (const field of fields) hints[field] = { ...hints[field], translatable: true };
  return { ...definition, ui: { ...definition.ui, fields: hints } };
}

const DEFINITIONS: CollectionDefinition[] = [
  {
    name: 'rooms',
    schema: roomSchema,
    ui: {
      label: 'Rooms',
      singular: 'Room',
      icon: 'door',
      group: 'Catalogue',
      columns: ['name', 'order', 'slug'],
      titleField: 'name',
      fields: {
        order: {
          help: 'Rooms are shown in this order (entrance 0, living 1, kitchen 2, others 10); empty uses that rule from the name.',
        },
        hotspot: {
          label: 'Place on the floor-plan minimap',
          help: 'As fractions of the plan image: 0 is left or top, 1 right or bottom.',
        },
        dimensions: { label: 'Size in metres (width, depth, height)' },
      },
    },
    refs: [{ path: 'plans[]', collection: 'plans' }],
    read: 'public',
    write: 'managers',
  },
  {
    name: 'categories',
    schema: categorySchema,
    ui: {
      label: 'Categories',
      singular: 'Category',
      icon: 'layers',
      group: 'Catalogue',
      columns: ['name', 'required', 'multiple', 'surface'],
      titleField: 'name',
      fields: {
        required: { help: 'A buyer must choose one before submitting.' },
        multiple: { label: 'Several choices per room', help: 'Otherwise a new choice replaces the previous one.' },
        quantities: {
          label: 'Buyers choose how many',
          help: 'For options sold by the piece (outlets, pot lights): a quantity beside the choice.',
        },
        allowance: { kind: 'money', help: 'What the base price already covers in this category.' },
        surface: { label: '3D surface', help: 'Which surface of the 3D rooms its choices paint.' },
      },
    },
    refs: [{ path: 'rooms[]', collection: 'rooms' }],
    read: 'public',
    write: 'managers',
  },
  {
    name: 'options',
    schema: optionSchema,
    ui: {
      label: 'Options',
      singular: 'Option',
      icon: 'swatch',
      group: 'Catalogue',
      columns: ['name', 'category', 'sku', 'vendor', 'price', 'level'],
      titleField: 'name',
      fields: {
        sku: { label: 'SKU' },
        description: { kind: 'markdown' },
        price: { kind: 'money', help: 'The upgrade price over the standard finish; 0 means included.' },
        level: { help: '1 standard … 4 premium.' },
        recommendation: { help: RECOMMENDATION_HELP },
        standard: { label: 'Standard finish' },
        images: {
          kind: 'files',
          label: 'Photos',
          help: 'The first photo is the main one.',
          accept: 'image/png,image/jpeg,image/webp',
        },
        swatch: { label: 'Swatch (the colour and texture of the 3D surfaces)' },
        'swatch.texture': { kind: 'file', label: 'Texture image', accept: 'image/png,image/jpeg,image/webp' },
        plans: { help: 'Offered only for these plans; none means every plan.' },
        requires: { label: 'Needs', help: 'Can be chosen only with these.' },
        excludes: { label: 'Cannot be combined with' },
        active: { label: 'Offered', help: 'An option no longer offered stays in the selections that have it.' },
      },
    },
    refs: [
      { path: 'category', collection: 'categories' },
      { path: 'rooms[]', collection: 'rooms' },
      { path: 'plans[]', collection: 'plans' },
      { path: 'requires[]', collection: 'options' },
      { path: 'excludes[]', collection: 'options' },
    ],
    read: 'public',
    write: 'managers',
  },
  {
    name: 'packages',
    schema: packageSchema,
    ui: {
      label: 'Packages',
      singular: 'Package',
      icon: 'package',
      group: 'Catalogue',
      columns: ['name', 'priceAdjustment'],
      titleField: 'name',
      fields: {
        description: { kind: 'markdown' },
        priceAdjustment: {
          kind: 'money',
          label: 'Price adjustment',
          help: 'Added to the options’ prices: negative for a saving.',
        },
        recommendation: { help: RECOMMENDATION_HELP },
        image: { kind: 'file', accept: 'image/png,image/jpeg,image/webp' },
      },
    },
    refs: [{ path: 'options[]', collection: 'options' }],
    read: 'public',
    write: 'managers',
  },
  {
    name: 'plans',
    schema: planSchema,
    ui: {
      label: 'Plans',
      singular: 'Plan',
      icon: 'layout',
      group: 'Catalogue',
      columns: ['name', 'bedrooms', 'bathrooms', 'area'],
      titleField: 'name',
      fields: {
        area: { label: 'Area (m²)' },
        minimap: { kind: 'file', label: 'Floor-plan image', accept: 'image/png,image/jpeg,image/webp' },
      },
    },
    refs: [{ path: 'rooms[]', collection: 'rooms' }],
    read: 'public',
    write: 'managers',
  },
  {
    name: 'units',
    schema: unitSchema,
    ui: {
      label: 'Units',
      singular: 'Unit',
      icon: 'building',
      group: 'Sales',
      columns: ['name', 'floor', 'status', 'deadline'],
      titleField: 'name',
      fields: {
        basePrice: { kind: 'money', label: 'Base price' },
        area: { label: 'Area (m²)' },
        buyers: { hidden: true },
      },
    },
    refs: [{ path: 'plan', collection: 'plans' }],
    read: 'public',
    write: 'managers',
    publicFields: ['name', 'floor', 'plan', 'status', 'area'],
    ownership: { buyersField: 'buyers' },
  },
  {
    name: 'carts',
    schema: cartSchema,
    ui: {
      label: 'Carts',
      singular: 'Cart',
      icon: 'cart',
      group: 'Sales',
      columns: ['unit', 'status', 'total', 'deadline'],
      titleField: 'unit',
    },
    refs: [
      { path: 'unit', collection: 'units' },
      { path: 'selections[].option', collection: 'options' },
      { path: 'selections[].room', collection: 'rooms' },
      { path: 'package', collection: 'packages' },
    ],
    read: 'own',
    write: 'owners',
    ownerWritableFields: ['selections', 'package', 'notes', 'budget'],
    serverFields: ['total', 'fees', 'signatures'],
    ownership: { userField: 'owner', through: THROUGH_UNIT },
  },
  {
    name: 'purchases',
    schema: purchaseSchema,
    ui: {
      label: 'Purchases',
      singular: 'Purchase',
      icon: 'receipt',
      group: 'Sales',
      columns: ['unit', 'total', 'approvedAt', 'revision'],
      titleField: 'unit',
    },
    refs: [
      { path: 'cart', collection: 'carts' },
      { path: 'unit', collection: 'units' },
    ],
    read: 'own',
    write: 'nobody',
    ownership: { userField: 'buyer', through: THROUGH_UNIT },
  },
  {
    // People who asked about a home (docs/public-pages.md, "Inquiries"): written by the inquiry
    // form through the engine; read and followed up by the project's staff only (no owner).
    name: 'leads',
    schema: leadSchema,
    ui: {
      label: 'Leads',
      singular: 'Lead',
      icon: 'inbox',
      group: 'Sales',
      columns: ['lastName', 'firstName', 'email', 'status', 'source'],
      titleField: 'email',
      fields: {
        news: { hidden: true },
        activities: { hidden: true },
        heldReasons: { hidden: true },
        utm: { hidden: true },
        assignee: { hidden: true },
        interest: { hidden: true },
        notes: { kind: 'markdown', label: 'Notes of the sales team' },
      },
    },
    refs: [],
    read: 'own',
    write: 'managers',
  },
  {
    // The conversation on a selection (docs/comments.md): read by the unit's buyers and the
    // project's staff, written only by POST /api/carts/{id}/comments (which checks both).
    name: 'comments',
    schema: commentSchema,
    ui: {
      label: 'Comments',
      singular: 'Comment',
      icon: 'message',
      group: 'Sales',
      columns: ['authorName', 'body', 'at'],
      titleField: 'body',
    },
    refs: [
      { path: 'cart', collection: 'carts' },
      { path: 'unit', collection: 'units' },
      { path: 'line.room', collection: 'rooms' },
      { path: 'line.category', collection: 'categories' },
    ],
    read: 'own',
    write: 'nobody',
    ownership: { through: THROUGH_UNIT },
  },
  {
    // The design centre's notes on a unit: no ownership, so only the project's staff read them,
    // whatever route asks (docs/comments.md, "Staff notes").
    name: 'notes',
    schema: noteSchema,
    ui: {
      label: 'Staff notes',
      singular: 'Staff note',
      icon: 'note',
      group: 'Sales',
      columns: ['authorName', 'body', 'at'],
      titleField: 'body',
    },
    refs: [
      { path: 'unit', collection: 'units' },
      { path: 'cart', collection: 'carts' },
    ],
    read: 'own',
    write: 'nobody',
  },
];

export const BUILT_IN_COLLECTIONS: CollectionDefinition[] = DEFINITIONS.map(withTranslatableHints);

export function builtInCollection(name: string): CollectionDefinition | undefined {
  return BUILT_IN_COLLECTIONS.find((collection) => collection.name === name);
}

/** A collection name: lowercase letters, digits and hyphens, starting with a letter. */
export const COLLECTION_NAME_PATTERN = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * The one shape of each built-in collection's items, inferred from its schema: the fields as
 * stored (defaults filled in), and as the API serves them. Narrower views (what the rules
 * or a printed cart need) are picked from these, never written by hand.
 */
export type CartDocument = z.output<typeof cartSchema>;
export type RoomFields = z.output<typeof roomSchema>;
export type CategoryFields = z.output<typeof categorySchema>;
export type SwatchFields = z.output<typeof swatchSchema>;
export type OptionFields = z.output<typeof optionSchema>;
export type PackageFields = z.output<typeof packageSchema>;
export type UnitFields = z.output<typeof unitSchema>;
export type RoomDocument = ApiItem<RoomFields>;
export type CategoryDocument = ApiItem<CategoryFields>;
export type OptionDocument = ApiItem<OptionFields>;
export type PackageDocument = ApiItem<PackageFields>;
export type UnitDocument = ApiItem<UnitFields>;
