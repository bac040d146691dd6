/**
 * jsdom's Blob may lack arrayBuffer(), which every browser has: this gives it one that reads
 * through jsdom's FileReader. Call it in beforeAll of a test that reads uploaded files' bytes.
 */
export function giveBlobsArrayBuffer(): void {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(this);
    });
  };
}
