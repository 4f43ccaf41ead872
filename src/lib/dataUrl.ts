// A fetched file as a data: URL, for an <img> whose request needed the bearer header (an <img src> cannot send one).
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(typeof reader.result === 'string' ? reader.result : ''));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('could not read the file')));
    reader.readAsDataURL(blob);
  });
}
