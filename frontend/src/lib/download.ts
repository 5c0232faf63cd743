import type { Datei } from './api';

/**
 * Hands a file the server sent to the browser as a download (an <a download> on an object
 * URL); the name from Content-Disposition wins over `standardname`.
 */
export function speichereDatei({ blob, dateiname }: Datei, standardname: string): string {
  const name = dateiname || standardname;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has taken the file once the click is handled; a moment later the URL may go
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
