/** The path of a point's screens below its plant (spec 000 §2: operation/plant/messstellen/{id}/messstellendaten). */
export const messstellenPfad = (betriebId: string | number, typPfad: string, anlageId: string | number, messstelleId: string | number) =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/${encodeURIComponent(typPfad)}/${encodeURIComponent(anlageId)}/messstellen/${encodeURIComponent(messstelleId)}`;
