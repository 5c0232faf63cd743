import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Tabs } from '@/components/Tabs';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { AnwenderReiter } from './anwender/AnwenderReiter';
import { OrganisationenReiter } from './organisationen/OrganisationenReiter';
import { RollenReiter } from './rollen/RollenReiter';
import { WertelistenReiter } from './wertelisten/WertelistenReiter';

/** The four tabs of spec 002 §2 "System administration", each with its own path. */
export const REITER = [
  { id: 'anwender', label: 'Anwender' },
  { id: 'rollen', label: 'Rollen' },
  { id: 'wertelisten', label: 'Wertelisten' },
  { id: 'organisationen', label: 'Organisationen' },
] as const;

export type ReiterId = (typeof REITER)[number]['id'];

const istReiter = (v: string | undefined): v is ReiterId => REITER.some((r) => r.id === v);

const INHALT: Record<ReiterId, () => ReactNode> = {
  anwender: () => <AnwenderReiter />,
  rollen: () => <RollenReiter />,
  wertelisten: () => <WertelistenReiter />,
  organisationen: () => <OrganisationenReiter />,
};

/**
 * /systemverwaltung/:reiter; a bare or unknown path shows Anwender (spec 002 §2). Everyone with
 * SYSTEMVERWALTUNG_OEFFNEN sees every tab; add, edit and delete need SYSTEMVERWALTUNG_BEARBEITEN.
 */
export function Systemverwaltung() {
  useDocumentTitle('Systemverwaltung');
  const { '*': rest } = useParams();
  const navigate = useNavigate();
  const reiter = rest?.split('/')[0];
  if (!istReiter(reiter) || rest !== reiter) return <Navigate to="/systemverwaltung/anwender" replace />;

  return (
    <section aria-labelledby="sv-titel" className="space-y-4">
      <h1 id="sv-titel" className="text-2xl font-semibold">
        Systemverwaltung
      </h1>
      <Tabs
        label="Systemverwaltung"
        value={reiter}
        onChange={(id) => navigate(`/systemverwaltung/${id}`)}
        tabs={REITER.map((r) => ({ id: r.id, label: r.label, content: r.id === reiter ? INHALT[r.id]() : null }))}
      />
    </section>
  );
}
