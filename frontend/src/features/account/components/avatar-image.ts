/**
 * Avatar rules and image processing (spec overview-access-account.md 2.10 and 5): one JPG or PNG of at
 * most 10,000,000 bytes; the square crop is drawn on white (so transparent pixels become white) and
 * compressed to at most 0.5 MB and 100 px before upload.
 */
export const AVATAR_MAX_BYTES = 10_000_000;
export const AVATAR_TEXTS = {
  tooBig: "This file is too big, please upload a file less than 5Mb",
  wrongType: "File type not accepted, please upload a JPG or PNG file",
} as const;
export const AVATAR_ACCEPT = ["image/jpeg", "image/png"] as const;

/** The rejection text for a chosen file, or null when it is accepted. */
export function avatarFileError(file: Pick<File, "size" | "type">): string | null {
  if (!(AVATAR_ACCEPT as readonly string[]).includes(file.type)) return AVATAR_TEXTS.wrongType;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TEXTS.tooBig;
  return null;
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read"));
    image.src = src;
  });
}

/** Draws the cropped square on a white background and returns it as a PNG blob (at most 400 px). */
export async function cropOnWhite(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const size = Math.max(1, Math.round(Math.min(area.width, area.height, 400)));
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Canvas export failed"))), "image/png"),
  );
}

/** Compresses to JPEG, at most 0.5 MB and 100 px (browser-image-compression, loaded on demand). */
export async function compressAvatar(blob: Blob, fileName: string): Promise<File> {
  const { default: imageCompression } = await import("browser-image-compression");
  const file = new File([blob], `${fileName.replace(/\.[^.]+$/, "")}.jpg`, { type: "image/png" });
  return imageCompression(file, {
    maxSizeMB: 0.5,
    maxWidthOrHeight: 100,
    fileType: "image/jpeg",
    useWebWorker: false,
  });
}

/** The file's bytes as base64 (no `data:` prefix). */
export function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
