// Names the browser tab after the store being shown ("Bean There Café · Stampwise").
import { useEffect } from 'react';
import { APP_NAME } from '../../constants';

export function usePageTitle(subject: string | undefined): void {
  useEffect(() => {
    document.title = subject ? `${subject} · ${APP_NAME}` : APP_NAME;
  }, [subject]);
}
