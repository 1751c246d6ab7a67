/** Hands a CSV text to the browser as a download named `fileName` (the dashboard's export, the term report). */
export function saveCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
