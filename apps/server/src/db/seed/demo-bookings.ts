/** The demo campus's room bookings, relative to today. */

export type DemoBooking = {
  room: string;
  day: number;
  start: string;
  end: string;
  description: string;
  status: 'Pending' | 'Approved' | 'Rejected';
  requester: string;
};

export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  {
    room: 'Room A',
    day: -3,
    start: '15:00',
    end: '17:00',
    description: 'Cultural council auditions for first-years',
    status: 'Approved',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: -6,
    start: '18:00',
    end: '20:00',
    description: 'Fine Arts Club portrait workshop',
    status: 'Rejected',
    requester: 'gensec.cult',
  },
  // Never decided: its day has passed, so the portal shows it as Expired.
  {
    room: 'Room B',
    day: -2,
    start: '16:00',
    end: '17:30',
    description: 'Debating Society mock parliament',
    status: 'Pending',
    requester: 'gensec.acad',
  },
  {
    room: 'Room A',
    day: 1,
    start: '14:00',
    end: '15:00',
    description: 'COSA budget review meeting',
    status: 'Approved',
    requester: 'president',
  },
  {
    room: 'Room A',
    day: 2,
    start: '17:00',
    end: '19:00',
    description: 'Coding Club weekly contest',
    status: 'Approved',
    requester: 'gensec.tech',
  },
  {
    room: 'Room A',
    day: 2,
    start: '18:00',
    end: '19:30',
    description: 'Quiz Club practice round',
    status: 'Rejected',
    requester: 'gensec.acad',
  },
  {
    room: 'Room A',
    day: 2,
    start: '19:00',
    end: '20:30',
    description: 'Dramatics Club rehearsal for the street play',
    status: 'Pending',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: 4,
    start: '10:00',
    end: '12:00',
    description: 'Chess Club opening-theory session',
    status: 'Approved',
    requester: 'gensec.sports',
  },
  {
    room: 'Room B',
    day: 4,
    start: '11:00',
    end: '13:00',
    description: 'Music Club jam session',
    status: 'Pending',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: 7,
    start: '16:00',
    end: '18:00',
    description: 'Robotics Club design review',
    status: 'Pending',
    requester: 'gensec.tech',
  },
  {
    room: 'Room A',
    day: 9,
    start: '09:00',
    end: '11:00',
    description: 'Dry run of the research poster symposium',
    status: 'Pending',
    requester: 'gensec.acad',
  },
];
