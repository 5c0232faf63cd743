import { Link } from 'react-router-dom';

/** The line under a worklist's filter saying that its default comes from the personalisation. */
export function Personalisierungshinweis({ was }: { was: string }) {
  return (
    <p className="text-sm text-gray-700">
      Die Vorgabe enthält die {was} Ihrer{' '}
      <Link to="/personalisierung" className="text-blue-800 underline hover:text-blue-950">
        Personalisierung
      </Link>
      .
    </p>
  );
}
