import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  RoomCreateInputSchema,
  type AdminRoom,
  type RoomCreateInput,
  type RoomUpdateInput,
} from '@cosa/contracts';

/** What the room form holds: text as typed, and the features added so far. */
export type RoomFormValues = { name: string; capacity: string; description: string; features: string[] };
export const ROOM_FIELDS = ['name', 'capacity', 'description', 'features'] as const;

export const emptyRoomForm = (): RoomFormValues => ({
  name: '',
  capacity: '',
  description: '',
  features: [],
});

export const roomFormValues = (room: AdminRoom): RoomFormValues => ({
  name: room.name,
  capacity: room.capacity === null ? '' : String(room.capacity),
  description: room.description ?? '',
  features: [...room.features],
});

/** The server's rules, checked before sending; a message about one feature shows under the features. */
export const roomResolver: Resolver<RoomFormValues, unknown, RoomCreateInput> = async (values) => {
  const parsed = RoomCreateInputSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<RoomFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof RoomFormValues | undefined;
    if (name && !errors[name]) errors[name] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/** The server's field message about a feature ('features.2') under the features. */
export const featureFieldOf = (path: string): 'features' | null =>
  path === 'features' || path.startsWith('features.') ? 'features' : null;

/** Only what changed is sent, so the audit log shows exactly that. */
export function roomChanges(room: AdminRoom, input: RoomCreateInput): RoomUpdateInput {
  const changes: RoomUpdateInput = {};
  if (input.name !== room.name) changes.name = input.name;
  if (input.capacity !== room.capacity) changes.capacity = input.capacity;
  if ((input.description ?? null) !== room.description) changes.description = input.description ?? null;
  if (input.features.join('\n') !== room.features.join('\n')) changes.features = input.features;
  return changes;
}
