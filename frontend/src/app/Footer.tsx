import { APP_VERSION } from '@/lib/constants';

export function Footer() {
  return (
    <footer className="mt-auto border-t border-gray-300 bg-gray-100">
      <div className="mx-auto max-w-7xl px-4 py-3 text-sm text-gray-700">Version {APP_VERSION}</div>
    </footer>
  );
}
