// Steps on the Anforderungen screen of a Bescheid's measuring point (spec 001 §2.3) that more
// than one browser test takes.
import { until } from './harness.mjs';

/**
 * Adds a row on the open tab (Festlegungen or Selbstüberwachung) of the Anforderungen in edit
 * mode and fills parameter (the list's entry at parameterIndex), wert and 'gültig ab'; returns
 * the row's number.
 */
export async function neueAnforderung(page, tab, wert, parameterIndex) {
  await page.getByRole('button', { name: `${tab}: Zeile hinzufügen` }).click();
  const n = await page.getByRole('table', { name: tab }).locator('tbody tr').count();
  const parameter = page.getByRole('combobox', { name: `Parameter ${n}`, exact: true });
  await until(() => parameter.locator('option').count(), (c) => c > parameterIndex + 1, `Parameter der Zeile ${n} geladen`);
  await parameter.selectOption({ index: parameterIndex + 1 });
  await page.getByRole('textbox', { name: `Wert ${n}`, exact: true }).fill(wert);
  await page.getByRole('textbox', { name: `gültig ab ${n}`, exact: true }).fill('01.01.2024');
  return n;
}
