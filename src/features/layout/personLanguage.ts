// The signed-in person's language, kept on the server: the app opens in it after they sign in anywhere (a fresh
// browser too), and the profile menu's switch saves it there. A person who never chose keeps the browser's
// language until they choose; nothing is saved for them behind their back.
import { useEffect, useRef } from 'react';
import { api } from '../../api/apiSlice';
import type { Locale } from '../../api/contract/locales';
import type { MeResponse } from '../../api/contract/team';
import { loadAntLocale } from '../../app/antLocale';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { chooseLanguage } from '../../i18n/startPage';
import { currentLocale } from '../../i18n/texts';
import { authApi, useGetMeQuery } from '../session/authApi';
import { selectRole } from '../session/sessionSlice';
import { feedLanguageChanged } from '../activity/activityFeedSlice';

const personLanguageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/auth/me — saves the person's language; answers who is signed in. */
    savePersonLocale: build.mutation<MeResponse, Locale>({
      query: (locale) => ({ url: '/auth/me', method: 'PATCH', body: { locale } }),
      async onQueryStarted(_locale, { dispatch, queryFulfilled }) {
        // A failed save keeps the choice in this browser only; the next choice tries again.
        const saved = await queryFulfilled.catch(() => null);
        if (saved) dispatch(authApi.util.upsertQueryData('getMe', undefined, saved.data));
      },
    }),
  }),
});

export const { useSavePersonLocaleMutation } = personLanguageApi;

/** Opens the app in the signed-in person's saved language, once per person signed in. */
export function useSavedLanguage(): void {
  const signedIn = useAppSelector(selectRole) !== null;
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const appliedFor = useRef<string | null>(null);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!me || appliedFor.current === me.personId) return;
    appliedFor.current = me.personId;
    if (me.locale && me.locale !== currentLocale()) void chooseLanguage('app', me.locale, loadAntLocale).then(() => dispatch(feedLanguageChanged()));
  }, [me, dispatch]);
}

/**
 * What the server writes in the page's language (customer names such as "Customer #27", relay alerts): asked
 * again once the page speaks another, so the lines on screen follow the switch.
 */
const SERVER_WORDED = ['Activity', 'Dashboard', 'RelayAlerts'] as const;

/** The profile menu's switch: the page changes language at once, and the choice is saved for the person. */
export function useChooseLanguage(): (locale: Locale) => void {
  const [save] = useSavePersonLocaleMutation();
  const dispatch = useAppDispatch();
  return (locale) => {
    void chooseLanguage('app', locale, loadAntLocale).then(() => {
      dispatch(api.util.invalidateTags([...SERVER_WORDED]));
      dispatch(feedLanguageChanged());
    });
    void save(locale);
  };
}
