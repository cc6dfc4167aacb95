/**
 * Image capture and compression: a frame of the video (or a decoded file) is cropped, scaled and
 * encoded as JPEG of at most 100 kB (102,400 bytes): the quality is lowered step by step from 0.92 to
 * 0.4, then the image is scaled down, never below a long side of 320 px.
 */

/** The most bytes a selfie or document image may have once decoded. */
export const MAX_IMAGE_BYTES = 102_400;
export const QUALITY_STEPS: readonly number[] = [0.92, 0.85, 0.78, 0.7, 0.62, 0.55, 0.48, 0.4];
export const MIN_LONG_SIDE = 320;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The centred crop of a `width` x `height` frame with the aspect `aspect` (width / height) covering
 * `fraction` of the frame's limiting side: the area around the face guide.
 */
export function centreCrop(width: number, height: number, aspect = 3 / 4, fraction = 1): Rect {
  let h = height * fraction;
  let w = h * aspect;
  if (w > width * fraction) {
    w = width * fraction;
    h = w / aspect;
  }
  return {
    x: Math.round((width - w) / 2),
    y: Math.round((height - h) / 2),
    width: Math.round(w),
    height: Math.round(h),
  };
}

/** Output size for a crop: long side at most `maxLongSide`, never upscaled. */
export function scaledSize(
  width: number,
  height: number,
  maxLongSide: number,
): { width: number; height: number } {
  const long = Math.max(width, height);
  const k = long > maxLongSide ? maxLongSide / long : 1;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** The long sides tried in turn: `start`, then 80 % steps down to `MIN_LONG_SIDE` (or `start` if smaller). */
export function longSideSteps(start: number, min = MIN_LONG_SIDE): number[] {
  const steps = [start];
  let s = start;
  while (s > min) {
    s = Math.max(min, Math.round(s * 0.8));
    steps.push(s);
  }
  return steps;
}

/** Encodes with `encode(size, quality)` along the ladder until a result fits `maxBytes`; null if none. */
export async function encodeWithinLimit<T extends { size: number }>(
  longSide: number,
  encode: (longSide: number, quality: number) => Promise<T | null>,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<T | null> {
  for (const side of longSideSteps(longSide)) {
    for (const q of QUALITY_STEPS) {
      const out = await encode(side, q);
      if (out && out.size > 0 && out.size <= maxBytes) return out;
    }
  }
  return null;
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

export interface CompressOptions {
  /** The region of the source to keep (default: all of it). */
  crop?: Rect;
  /** Longest side of the output (default 640). */
  maxLongSide?: number;
  maxBytes?: number;
}

/** Draws `source` (video, bitmap or canvas) and returns a JPEG blob within the limit, or throws. */
export async function compressImage(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  o: CompressOptions = {},
): Promise<Blob> {
  const crop = o.crop ?? { x: 0, y: 0, width: sourceWidth, height: sourceHeight };
  if (crop.width <= 0 || crop.height <= 0) throw new Error('The image is empty.');
  const canvas = document.createElement('canvas');
  const start = Math.min(o.maxLongSide ?? 640, Math.max(crop.width, crop.height));
  let drawnSide = 0;
  try {
    const blob = await encodeWithinLimit(
      start,
      async (side, quality) => {
        if (side !== drawnSide) {
          const size = scaledSize(crop.width, crop.height, side);
          canvas.width = size.width;
          canvas.height = size.height;
          const ctx = canvas.getContext('2d');
          if (!ctx) return null;
          ctx.imageSmoothingEnabled = true;
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
          drawnSide = side;
        }
        return toBlob(canvas, quality);
      },
      o.maxBytes ?? MAX_IMAGE_BYTES,
    );
    if (!blob) throw new Error('The image could not be compressed enough.');
    return blob;
  } finally {
    // Drop the pixels: the canvas keeps no copy of the frame.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Decodes an image file (EXIF orientation applied) and compresses it like a camera frame. */
export async function compressFile(file: Blob, o: CompressOptions = {}): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await compressImage(bitmap, bitmap.width, bitmap.height, o);
  } finally {
    bitmap.close();
  }
}

/** Base64 of a blob's bytes (no `data:` prefix). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) bin += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(bin);
}

/** Longest side of a selfie and of a document photo as sent. */
export const SELFIE_LONG_SIDE = 640;
export const DOCUMENT_LONG_SIDE = 1024;
const longSideFor = (target: 'selfie' | 'document') =>
  target === 'selfie' ? SELFIE_LONG_SIDE : DOCUMENT_LONG_SIDE;

/** A copy of the video's current frame: the crop around the face guide for selfies, all of it for documents. */
export function copyFrame(video: HTMLVideoElement, target: 'selfie' | 'document'): HTMLCanvasElement {
  const w = video.videoWidth;
  const h = video.videoHeight;
  const crop = target === 'selfie' ? centreCrop(w, h, 3 / 4) : { x: 0, y: 0, width: w, height: h };
  const frame = document.createElement('canvas');
  frame.width = Math.max(0, crop.width);
  frame.height = Math.max(0, crop.height);
  frame
    .getContext('2d')
    ?.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  return frame;
}

/** The JPEG of a copied frame within the limit; the frame's pixels are dropped afterwards. */
export async function encodeFrame(frame: HTMLCanvasElement, target: 'selfie' | 'document'): Promise<Blob> {
  try {
    return await compressImage(frame, frame.width, frame.height, { maxLongSide: longSideFor(target) });
  } finally {
    frame.width = 0;
    frame.height = 0;
  }
}

/** The JPEG of a chosen photo file within the limit. */
export const encodeFile = (file: Blob, target: 'selfie' | 'document'): Promise<Blob> =>
  compressFile(file, { maxLongSide: longSideFor(target) });
