import { apiDatei } from '@/lib/api';

/** GET /api/jahresbericht/{id}/print: the report as PDF, its values with their evaluation (issue 33). */
export const druckeJahresbericht = (id: number) => apiDatei(`/jahresbericht/${id}/print`);
