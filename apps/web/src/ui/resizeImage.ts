/**
 * Pictures leave the browser at most 800x800 as JPEG quality 0.8 (product document, section 5;
 * calls document, section 9). The server checks and re-encodes again: this only saves the upload.
 */
export const IMAGE_MAX_SIDE = 800;
export const IMAGE_QUALITY = 0.8;

export class NotAnImageError extends Error {
  constructor() {
    super('onlyImage');
  }
}

export const isImageFile = (file: Blob) => file.type.startsWith('image/');

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new NotAnImageError());
    };
    image.src = url;
  });
}

/** Fits the picture in 800x800 (never enlarges) and encodes it as JPEG 0.8; refuses what is not an image. */
export async function resizeImage(file: Blob, maxSide = IMAGE_MAX_SIDE): Promise<Blob> {
  if (!isImageFile(file)) throw new NotAnImageError();
  const image = await loadImage(file);
  const scale = Math.min(1, maxSide / image.naturalWidth, maxSide / image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new NotAnImageError();
  // JPEG has no transparency: paint white under transparent PNGs instead of black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new NotAnImageError())), 'image/jpeg', IMAGE_QUALITY));
}
