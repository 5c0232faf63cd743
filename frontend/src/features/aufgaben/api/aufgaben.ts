import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { minPositionFuer } from '@/lib/befehl';
import { aufgabenKeys } from './keys';

/** A task: an application of some kind, open or with its decision. */
export type Aufgabe = components['schemas']['Aufgabe'];
export type Aufgabenart = Aufgabe['art'];
export type Aufgabenstatus = Aufgabe['status'];

export type AufgabenSeite = Antwort<'getAufgaben'>;

// eslint-disable-next-line no-restricted-syntax -- Frontend: the list's paging, sent as query parameters
export interface AufgabenSuche {
  page: number;
  size: number;
}

/** How often the shell asks for the count of open tasks. */
export const ANZAHL_INTERVALL_MS = 60_000;

/**
 * GET /api/aufgabe: one page of the caller's tasks — for staff the open applications they may
 * decide, for the operator side its organisation's applications in every state. After an own
 * command the answer waits for its position (lib/befehl).
 */
export const aufgabenQuery = (suche: AufgabenSuche) =>
  queryOptions({
    queryKey: aufgabenKeys.liste(suche),
    queryFn: ({ signal }) => api.get<AufgabenSeite>('/aufgabe', { query: { ...suche, minPosition: minPositionFuer() }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // its failure is shown in place (Aufgaben)
    meta: { globalErrorHandling: false },
  });

/**
 * GET /api/aufgabe/count: the number of open tasks, for the shell. A failure is not shown (the
 * count is left out); an ended session is noticed by the page's own calls.
 */
export const aufgabenAnzahlQuery = () =>
  queryOptions({
    queryKey: aufgabenKeys.anzahl(),
    queryFn: ({ signal }) => api.get<Antwort<'getAufgabenAnzahl'>>('/aufgabe/count', { query: { minPosition: minPositionFuer() }, signal }),
    meta: { globalErrorHandling: false },
  });
