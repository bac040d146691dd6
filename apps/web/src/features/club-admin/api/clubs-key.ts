/** Every club query starts with this key: a change to a club refreshes whatever shows it. */
export const clubsKey = ['clubs'] as const;
