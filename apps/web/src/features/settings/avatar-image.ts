import { AVATAR_MAX_BYTES, AVATAR_OUTPUT_SIZE } from '@lendo/shared';
import type { Area } from 'react-easy-crop';

/** The file types the picker offers and the API accepts (SPEC §5). */
export const AVATAR_FILE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Why a chosen file cannot be a profile image (a translation key), or null when it can. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_FILE_TYPES as readonly string[]).includes(file.type)) return 'profile.image-type';
  if (file.size > AVATAR_MAX_BYTES) return 'profile.image-too-large';
  return null;
}

/** The cropped `area` (in the image's own pixels) drawn on a square canvas of the avatar's size. */
export function drawAvatar(image: CanvasImageSource, area: Area): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_SIZE;
  canvas.height = AVATAR_OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available.');
  // A PNG's transparent parts would turn black in a JPEG: give them a white background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    AVATAR_OUTPUT_SIZE,
    AVATAR_OUTPUT_SIZE,
  );
  return canvas;
}

/** A file's content as a data URL, for the cropper to show. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** The avatar cut from `src`: a 204×204 JPEG as a data URL, ready for POST /auth/update-avatar/. */
export async function cropAvatar(src: string, area: Area): Promise<string> {
  return drawAvatar(await loadImage(src), area).toDataURL('image/jpeg', 0.9);
}
