import { apiDatei } from '@/lib/api';

/** GET …/export-messwerte/ (the values) or …/export-vorlage/ (the import template) as xlsx. */
export const exportiereMesswerte = ({ id, parameter, vorlage }: { id: number; parameter: number; vorlage: boolean }) =>
  apiDatei(`/messwert/jahresbericht/${id}/parameter/${parameter}/${vorlage ? 'export-vorlage' : 'export-messwerte'}`);
