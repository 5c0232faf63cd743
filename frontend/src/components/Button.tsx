import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'link';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-800 text-white hover:bg-blue-900 border border-blue-800',
  secondary: 'bg-white text-blue-900 hover:bg-blue-50 border border-blue-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 border border-red-700',
  link: 'text-blue-800 underline hover:text-blue-950 border border-transparent',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${extra}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}
