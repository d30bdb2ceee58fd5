/** An item as the API answers it: its fields, with its id, version and times (docs/api.md). */
export type ApiItem<T> = T & { _id: string; _version: number; createdAt: string; updatedAt: string };
