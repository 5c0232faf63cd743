/** Query keys of the area, in one place. */
export const auswertungKeys = {
  abfragen: ['auswertung', 'abfragen'] as const,
};
