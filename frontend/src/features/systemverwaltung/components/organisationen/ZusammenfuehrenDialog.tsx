import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { Datumsfeld } from '@/components/Datumsfeld';
import { FormularFuss } from '@/components/DialogFuss';
import { CheckboxField, FormField, inputClass } from '@/components/FormField';
import { zeigeFehler } from '@/lib/errors';
import { formatDate, isoDateFromGerman, todayIso } from '@/lib/format';
import { hatFehler, MSG_PFLICHTFELD, serverFeldfehler, useFokusAufErstenFehler, type Feldfehler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { organisationenQuery, type Organisation } from '@/features/systemverwaltung/api/organisationen';
import { useFuehreOrganisationenZusammen } from '@/features/systemverwaltung/api/fuehre-organisationen-zusammen';

export const ZUSAMMENFUEHREN_TITEL = 'Organisationen zusammenführen';
export const frageZusammenfuehren = (quelle: string, ziel: string) =>
  `Wollen Sie die Organisation „${quelle}“ wirklich mit „${ziel}“ zusammenführen?`;
export const MSG_DATUM_ZUKUNFT = 'Das Datum der Zusammenführung darf nicht in der Zukunft liegen.';
export const MSG_DATUM = 'Ungültiges Datumsformat';

interface Werte {
  ziel: string;
  datum: string;
  personen: boolean;
}
type Feld = keyof Werte;

/** Spec 002 §5: a destination and a date that is not in the future. */
export function pruefeZusammenfuehrung(w: Werte, heute: Date = new Date()): Feldfehler<Feld> {
  const f: Feldfehler<Feld> = {};
  if (!w.ziel) f.ziel = MSG_PFLICHTFELD;
  const iso = isoDateFromGerman(w.datum);
  if (!w.datum.trim()) f.datum = MSG_PFLICHTFELD;
  else if (!iso) f.datum = MSG_DATUM;
  else if (iso > todayIso(heute)) f.datum = MSG_DATUM_ZUKUNFT;
  return f;
}

/** Merge the row's organisation (Quelle) into an active one (Ziel) from a date on. */
export function ZusammenfuehrenDialog({ quelle, onClose }: { quelle: Organisation; onClose: () => void }) {
  const formId = useId();
  const zielId = useId();
  const aktive = useQuery(organisationenQuery('AKTIV'));
  const ziele = (aktive.data ?? []).filter((o) => o.id !== quelle.id);
  const [werte, setWerte] = useState<Werte>(() => ({ ziel: '', datum: formatDate(todayIso()), personen: false }));
  const [fehler, setFehler] = useState<Feldfehler<Feld>>({});
  const [fragen, setFragen] = useState(false);
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();
  const zielName = ziele.find((o) => String(o.id) === werte.ziel)?.bezeichnung ?? '';

  const zusammenfuehren = useFuehreOrganisationenZusammen({
    meta: { globalErrorHandling: false },
    onSuccess: (m) => {
      toast.success(m.message);
      onClose();
    },
    onError: (e) => {
      const f = serverFeldfehler<Feld>(e, ['ziel', 'datum'], { destinationOrganisationId: 'ziel', mergeDate: 'datum' });
      if (hatFehler(f)) {
        setFehler(f);
        fokusAufFehler();
      }
      zeigeFehler(e);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const f = pruefeZusammenfuehrung(werte);
    setFehler(f);
    if (hatFehler(f)) {
      fokusAufFehler();
      return;
    }
    setFragen(true);
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={ZUSAMMENFUEHREN_TITEL}
        width={560}
        initialFocusId={zielId}
        footer={<FormularFuss formId={formId} onAbbrechen={onClose} disabled={zusammenfuehren.isPending} label="Zusammenführen" />}
      >
        <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Zusammenführen" className="flex flex-col gap-4">
          <FormField label="Quelle">
            <input name="quelle" className={inputClass} value={quelle.bezeichnung} readOnly />
          </FormField>
          <FormField label="Ziel" error={fehler.ziel} required>
            <select id={zielId} name="ziel" className={inputClass} value={werte.ziel} onChange={(e) => setWerte((w) => ({ ...w, ziel: e.target.value }))}>
              <option value="">Bitte auswählen</option>
              {ziele.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.bezeichnung}
                </option>
              ))}
            </select>
          </FormField>
          <Datumsfeld
            label="Datum"
            name="datum"
            error={fehler.datum}
            hint="TT.MM.JJJJ, nicht in der Zukunft"
            required
            bis={todayIso()}
            value={werte.datum}
            onChange={(datum) => setWerte((w) => ({ ...w, datum }))}
          />
          <CheckboxField
            label="Personen übernehmen"
            name="includePersonen"
            checked={werte.personen}
            onChange={(v) => setWerte((w) => ({ ...w, personen: v }))}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={fragen}
        title={ZUSAMMENFUEHREN_TITEL}
        message={frageZusammenfuehren(quelle.bezeichnung, zielName)}
        confirmLabel="Zusammenführen"
        onCancel={() => setFragen(false)}
        onConfirm={() => {
          setFragen(false);
          zusammenfuehren.mutate({
            sourceOrganisationId: quelle.id,
            destinationOrganisationId: Number(werte.ziel),
            mergeDate: isoDateFromGerman(werte.datum) ?? '',
            includePersonen: werte.personen,
          });
        }}
      />
    </>
  );
}
