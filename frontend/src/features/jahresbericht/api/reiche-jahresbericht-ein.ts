import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { BerichtFormular } from './jahresbericht';

/** PUT /api/jahresbericht/einreichen: the submission. */
export const reicheJahresberichtEin = (f: BerichtFormular) => api.put<Befehlsantwort>('/jahresbericht/einreichen', f);
