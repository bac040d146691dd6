import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_ROOM_MESSAGES,
  MAX_ROOM_CAPACITY,
  MAX_ROOM_DESCRIPTION,
  MAX_ROOM_NAME,
  type AdminRoom,
  type RoomCreateInput,
} from '@cosa/contracts';
import type { ButtonVariant } from '../../../../components/ui/button';
import { FormDialog } from '../../components/form-dialog';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useCreateRoom, useUpdateRoom } from '../api/admin-rooms';
import {
  emptyRoomForm,
  featureFieldOf,
  ROOM_FIELDS,
  roomChanges,
  roomFormValues,
  roomResolver,
  type RoomFormValues,
} from '../room-form-values';
import { FeaturesInput } from './features-input';

type RoomFormDialogProps = {
  /** The room to edit; none adds a new one. */
  room?: AdminRoom;
  triggerLabel: string;
  triggerAriaLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: 'sm' | 'md';
};

/** Add or edit a room: name, capacity, description and its features. */
export function RoomFormDialog({
  room,
  triggerLabel,
  triggerAriaLabel,
  triggerVariant = 'primary',
  triggerSize = 'md',
}: RoomFormDialogProps) {
  const [open, setOpen] = useState(false);
  const create = useCreateRoom();
  const update = useUpdateRoom(room?.id ?? '');
  const pending = create.isPending || update.isPending;
  const defaults = () => (room ? roomFormValues(room) : emptyRoomForm());
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RoomFormValues, unknown, RoomCreateInput>({
    resolver: roomResolver,
    defaultValues: defaults(),
    reValidateMode: 'onSubmit',
  });
  const title = room ? ADMIN_ROOM_MESSAGES.editTitle(room.name) : ADMIN_ROOM_MESSAGES.addTitle;

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    if (next) reset(defaults());
    setOpen(next);
  };
  const showServerError = (error: unknown) => {
    let placed = false;
    if (error instanceof ApiError && error.fields) {
      for (const [path, message] of Object.entries(error.fields)) {
        const name =
          featureFieldOf(path) ?? (ROOM_FIELDS as readonly string[]).find((field) => field === path);
        if (!name) continue;
        setError(name as keyof RoomFormValues, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (!placed)
      setError('root', {
        message:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : ADMIN_ROOM_MESSAGES.saveFailed,
      });
  };
  const onValid = async (input: RoomCreateInput) => {
    try {
      if (room) {
        const changes = roomChanges(room, input);
        if (Object.keys(changes).length === 0) {
          setError('root', { message: ADMIN_ROOM_MESSAGES.nothingToChange });
          return;
        }
        toast.success(ADMIN_ROOM_MESSAGES.updated((await update.mutateAsync(changes)).name));
      } else {
        toast.success(ADMIN_ROOM_MESSAGES.created((await create.mutateAsync(input)).name));
      }
      setOpen(false);
    } catch (error) {
      showServerError(error);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      trigger={{
        label: triggerLabel,
        ariaLabel: triggerAriaLabel,
        variant: triggerVariant,
        size: triggerSize,
      }}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      rootError={errors.root?.message}
      pending={pending}
      submitLabel={room ? ADMIN_ROOM_MESSAGES.save : ADMIN_ROOM_MESSAGES.add}
      pendingLabel={room ? ADMIN_ROOM_MESSAGES.saving : ADMIN_ROOM_MESSAGES.creating}
      columns
    >
      <TextField
        label="Name"
        required
        maxLength={MAX_ROOM_NAME}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Capacity"
        required
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ROOM_CAPACITY}
        step={1}
        hint="Seats."
        error={errors.capacity?.message}
        {...register('capacity')}
      />
      <TextAreaField
        label="Description"
        maxLength={MAX_ROOM_DESCRIPTION}
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="min-w-0 sm:col-span-2">
        <Controller
          control={control}
          name="features"
          render={({ field }) => (
            <FeaturesInput
              value={field.value}
              onChange={field.onChange}
              error={errors.features?.message}
            />
          )}
        />
      </div>
    </FormDialog>
  );
}
