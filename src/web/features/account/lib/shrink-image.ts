// Phone photos are often several megabytes, more than the API accepts in one request. The server
// resizes every avatar and logo to at most 512 px anyway, so a large picture is scaled down in
// the browser first; small files go as they are. The server still decodes and checks the result.

const SEND_AS_IS_BYTES = 900 * 1024;
const MAX_EDGE = 1600;

export async function shrinkImageForUpload(file: File): Promise<File> {
  if (file.size <= SEND_AS_IS_BYTES || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not decodable here: let the server give its answer.
    return file;
  }
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.9),
  );
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
}
