import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqCalls } from '@audit/domain/faqs/calls';
import type { TFaq, TFaqView, TFaqWrite } from '@audit/domain/faqs/schemas';
import type { TLanguage } from '@audit/domain/constants';
import { send } from '../../api/send';
import { notifySuccess } from '../../ui/feedback';

export type { TFaq, TFaqView, TFaqWrite };

const FAQS_KEY = ['faqs'] as const;
/** Every FAQ of a space in one page: a help list of a few dozen, not a register. */
const ALL = 1000;

/** One view's FAQs in order, searched in the language shown (decision 0082). */
export const useFaqView = (view: TFaqView, language: TLanguage, search: string) =>
  useQuery({
    queryKey: [...FAQS_KEY, 'view', view, language, search],
    queryFn: () => send(faqCalls.search, { body: { page: 0, size: ALL, search: search.trim() || undefined, view, language } }),
    placeholderData: keepPreviousData,
  });

/** Every FAQ the administrator may read, in order. */
export const useFaqList = () =>
  useQuery({
    queryKey: [...FAQS_KEY, 'all'],
    queryFn: () => send(faqCalls.search, { body: { page: 0, size: ALL } }),
  });

function useFaqMutation<V>(mutationFn: (v: V) => Promise<unknown>, success?: (v: V) => 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      if (success) notifySuccess(success(variables));
      void queryClient.invalidateQueries({ queryKey: FAQS_KEY });
    },
  });
}

export const useSaveFaq = () =>
  useFaqMutation(
    ({ id, body }: { id?: string; body: TFaqWrite }) => (id ? send(faqCalls.update, { params: { id }, body }) : send(faqCalls.create, { body })),
    ({ id }) => (id ? 'updateSuccess' : 'createSuccess'),
  );

export const useRemoveFaq = () =>
  useFaqMutation(
    (id: string) => send(faqCalls.remove, { params: { id } }),
    () => 'deleteSuccess',
  );

/** The new order, shown at once (the list is rewritten in the cache) and sent. */
export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => send(faqCalls.reorder, { body: { ids } }),
    onMutate: (ids) => {
      const key = [...FAQS_KEY, 'all'];
      const before = queryClient.getQueryData<TFaq[]>(key);
      if (before) {
        const place = new Map(ids.map((id, i) => [id, i]));
        queryClient.setQueryData(
          key,
          [...before].sort((a, b) => (place.get(a._id) ?? -1) - (place.get(b._id) ?? -1)),
        );
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) queryClient.setQueryData([...FAQS_KEY, 'all'], context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: FAQS_KEY }),
  });
}
