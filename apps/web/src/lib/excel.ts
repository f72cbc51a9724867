import type { Workbook } from 'exceljs';

// Only types come from exceljs here: this module is loaded by pages and the export worker alike, and
// exceljs itself must stay in the lazily loaded chunks that build workbooks.

/** Rubles as a whole number with a ₽ sign, so the column still sums and filters as numbers in Excel. */
export const rubFormat = '#,##0 "₽"';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The finished workbook as exactly its file's bytes, transferable from a worker to the page. */
export async function workbookBytes(workbook: Workbook): Promise<ArrayBuffer> {
  const buffer = await workbook.xlsx.writeBuffer();
  // exceljs answers a Node Buffer in Node and an ArrayBuffer-backed view in the browser.
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Saves the .xlsx bytes under `fileName` through a temporary Blob link. */
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
