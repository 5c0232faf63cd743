import type { components } from '@/lib/api-schema';

export type Meldung = components['schemas']['Meldung'];
export type PasswortReset = components['schemas']['PasswortReset'];
