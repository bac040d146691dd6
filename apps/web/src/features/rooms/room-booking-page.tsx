import { ROOM_MESSAGES } from '@cosa/contracts';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import { BookingForm } from './components/booking-form';
import { MyBookings } from './components/my-bookings';

/** /roombooking: a new request for a room, and the user's own requests with their status. */
export function RoomBookingPage() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <PageHeader
          title={ROOM_MESSAGES.heading}
          description="Request a room for a meeting or an event. The president approves or rejects each request."
          className="mb-0"
        />
      </div>
      <Card aria-labelledby="new-booking-heading">
        <h2 id="new-booking-heading" className="mb-4 text-lg font-semibold text-ink">
          {ROOM_MESSAGES.newBooking}
        </h2>
        <BookingForm />
      </Card>
      <Card aria-labelledby="my-requests-heading">
        <h2 id="my-requests-heading" className="mb-4 text-lg font-semibold text-ink">
          {ROOM_MESSAGES.myRequests}
        </h2>
        <MyBookings />
      </Card>
    </div>
  );
}
