/** The onboarding form of a B.Tech student of 2024 who enters the given Student ID. */
export const onboardingForm = (idNumber: string) => ({
  idNumber,
  mobile: '9876501234',
  admissionYear: 2024,
  program: 'B.Tech',
  discipline: 'Computer Science & Engineering',
});
