/** Pictures people upload: their photo, a club's logo and banner. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the square picture the server stores. */
export const PHOTO_SIZE = 512;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
