import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select';

/** A titled group of the event form, two columns wide on a desktop. */
export function Section({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 border-t border-line-soft pt-4 sm:col-span-2">
      <legend className="text-base font-semibold text-ink">{title}</legend>
      {note && <p className="mt-1 text-sm text-ink-muted">{note}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A checkbox with its label beside it, the full width of the form. */
export function CheckboxField({
  label,
  registration,
}: {
  label: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-ink sm:col-span-2">
      <input type="checkbox" className="size-5 accent-accent" {...registration} />
      {label}
    </label>
  );
}

export type RequestableRoom = { id: string; name: string; capacity: number | null };

type RoomRequestFieldProps = {
  rooms: readonly RequestableRoom[];
  registration: UseFormRegisterReturn;
  error?: string;
};

/**
 * A room to ask for, for the event's time, through the room-booking flow (on creation only): the
 * request waits for the president's approval like any other booking.
 */
export function RoomRequestField({ rooms, registration, error }: RoomRequestFieldProps) {
  return (
    <SelectField
      label="Room"
      placeholder="No room"
      options={rooms.map((room) => ({
        value: room.id,
        label: room.capacity === null ? room.name : `${room.name} (${room.capacity} seats)`,
      }))}
      hint="Asks for the room for the event's time, through Room Booking. The event must start and end on the same day."
      containerClassName="sm:col-span-2"
      error={error}
      {...registration}
    />
  );
}
