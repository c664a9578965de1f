import type { ReactNode } from 'react';

export type FaqItem = { id: string; question: string; answer: ReactNode };
export type FaqGroup = { title: string; items: FaqItem[] };
