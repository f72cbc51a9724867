const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the bytes under `fileName` through a temporary Blob link. */
export function downloadFile(file: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([file], { type: xlsxType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: free it a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
