import type { Schema } from '@/lib/api';

/**
 * The objects files hang on (spec 000 §7; the measuring point's since issue 29); an annual
 * report has two tables, Dateien and Externe Stoffe (spec 001 §2.8).
 */
export type DateiFachobjekt = Schema<'Datei'>['fachobjekt'];
/** The objects reminders hang on (spec 000 §7; the annual report's since issue 32). */
export type WiedervorlageFachobjekt = Schema<'Wiedervorlage'>['fachobjekt'];

/** Query keys of files and reminders, in one place: a mutation invalidates what it changed. */
export const ablageKeys = {
  all: ['ablage'] as const,
  dateien: (fachobjekt: DateiFachobjekt, id: string) => [...ablageKeys.all, 'dateien', fachobjekt, id] as const,
  wiedervorlagen: (fachobjekt: WiedervorlageFachobjekt, id: string) =>
    [...ablageKeys.all, 'wiedervorlagen', fachobjekt, id] as const,
};
