import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { clearToken } from '../../../lib/auth';

/** Route /logout: clears the session and goes to the login (spec 002 §2). */
export function Abmelden() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    clearToken();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
  return null;
}
