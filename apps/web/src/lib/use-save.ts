import { MutationObserver, useQueryClient } from '@tanstack/react-query';

/**
 * A save as a mutation of the app's cache (the push prompt counts each success as a significant action),
 * without the re-renders of `useMutation`: that hook re-renders its caller when a save starts and when it
 * ends. In the order windows the caller holds the whole form, so each was a render of every field, and
 * antd's fields rendered once more a task later (their error lists' debounce): four tasks of 140–220 ms
 * at 4× CPU between «Сохранить» and «Заказ успешно обновлен» (issue 40). Where the state of a save is
 * shown, the button shows it by itself.
 */
export function useSave<TBody>(save: (body: TBody) => Promise<unknown>): (body: TBody) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (body) => new MutationObserver(queryClient, { mutationFn: save }).mutate(body);
}
