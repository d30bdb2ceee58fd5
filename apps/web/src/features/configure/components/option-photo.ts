/** The file of a photo at a size: a thumbnail for cards and thumbnails, the 800-wide one for the details view. */
export const photoUrl = (id: string, size: 200 | 800) => `/api/files/${id}?thumb=${size}`;
