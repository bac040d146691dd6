import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ClubImageResponseSchema,
  ClubPageResponseSchema,
  RecruitingSchema,
  type ClubImageKind,
  type ClubPage,
  type ClubPageInput,
  type RecruitingInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { clubAdminPaths } from './club-admin-paths';
import { uploadForm } from '../../../lib/upload';
import { clubsKey } from './clubs-key';

const pageKey = (slug: string) => [...clubsKey, 'by-slug', slug] as const;

/** GET /api/clubs/by-slug/{slug}: the page as saved, and whether the reader may edit it. */
export function useClubPage(slug: string) {
  return useQuery({
    queryKey: pageKey(slug),
    queryFn: async ({ signal }) =>
      (await api.get(clubAdminPaths.bySlug(slug), { schema: ClubPageResponseSchema, signal })).page,
  });
}

/** The cached page, changed in place, then every club view is read again. */
function updatePage(client: QueryClient, slug: string, change: (page: ClubPage) => ClubPage) {
  client.setQueryData<ClubPage>(pageKey(slug), (page) => page && change(page));
  void client.invalidateQueries({ queryKey: clubsKey });
}

/** PUT /api/clubs/{unitId}/page: the words and tags; the answer is the page as saved. */
export function useSaveClubPage(page: ClubPage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClubPageInput) =>
      (await api.put(clubAdminPaths.page(page.id), body, { schema: ClubPageResponseSchema })).page,
    onSuccess: (saved) => updatePage(client, page.slug, () => saved),
  });
}

/** PUT /api/clubs/{unitId}/recruiting. */
export function useSaveRecruiting(page: ClubPage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruitingInput) =>
      api.put(clubAdminPaths.recruiting(page.id), body, { schema: RecruitingSchema }),
    onSuccess: ({ recruiting, joinQuestion }) =>
      updatePage(client, page.slug, (cached) => ({ ...cached, recruiting, joinQuestion })),
  });
}

const urlField = (kind: ClubImageKind) => (kind === 'logo' ? 'logoUrl' : 'bannerUrl');

/** PUT /api/clubs/{unitId}/images/{kind}, the file as multipart field `image`, with its progress. */
export function useUploadClubImage(page: ClubPage, kind: ClubImageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('image', file);
      return uploadForm('PUT', clubAdminPaths.image(page.id, kind), form, ClubImageResponseSchema, {
        onProgress,
      });
    },
    onSuccess: ({ url }) =>
      updatePage(client, page.slug, (cached) => ({ ...cached, [urlField(kind)]: url })),
  });
}

/** DELETE /api/clubs/{unitId}/images/{kind}. */
export function useRemoveClubImage(page: ClubPage, kind: ClubImageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(clubAdminPaths.image(page.id, kind), { schema: ClubImageResponseSchema }),
    onSuccess: ({ url }) =>
      updatePage(client, page.slug, (cached) => ({ ...cached, [urlField(kind)]: url })),
  });
}
