/** Indian given names with a gender, and family names from across the country. */
export const GIVEN_NAMES: readonly (readonly [string, 'Male' | 'Female'])[] = [
  ['Aarav', 'Male'], ['Vivaan', 'Male'], ['Aditya', 'Male'], ['Arjun', 'Male'], ['Sai', 'Male'],
  ['Reyansh', 'Male'], ['Krishna', 'Male'], ['Ishaan', 'Male'], ['Shaurya', 'Male'], ['Atharv', 'Male'],
  ['Kabir', 'Male'], ['Rohan', 'Male'], ['Karthik', 'Male'], ['Siddharth', 'Male'], ['Pranav', 'Male'],
  ['Harsh', 'Male'], ['Yash', 'Male'], ['Nikhil', 'Male'], ['Rahul', 'Male'], ['Varun', 'Male'],
  ['Abhishek', 'Male'], ['Manish', 'Male'], ['Tejas', 'Male'], ['Omkar', 'Male'], ['Arnav', 'Male'],
  ['Dhruv', 'Male'], ['Kunal', 'Male'], ['Vikram', 'Male'], ['Anirudh', 'Male'], ['Farhan', 'Male'],
  ['Harpreet', 'Male'], ['Subham', 'Male'], ['Debanjan', 'Male'], ['Naveen', 'Male'], ['Gaurav', 'Male'],
  ['Ananya', 'Female'], ['Diya', 'Female'], ['Saanvi', 'Female'], ['Aadhya', 'Female'], ['Isha', 'Female'],
  ['Meera', 'Female'], ['Riya', 'Female'], ['Kavya', 'Female'], ['Priya', 'Female'], ['Sneha', 'Female'],
  ['Pooja', 'Female'], ['Ishita', 'Female'], ['Nandini', 'Female'], ['Tanvi', 'Female'], ['Shreya', 'Female'],
  ['Aishwarya', 'Female'], ['Divya', 'Female'], ['Lakshmi', 'Female'], ['Sanjana', 'Female'], ['Mrunal', 'Female'],
  ['Anjali', 'Female'], ['Simran', 'Female'], ['Zoya', 'Female'], ['Bhavya', 'Female'], ['Keerthi', 'Female'],
  ['Pallavi', 'Female'], ['Swati', 'Female'], ['Nikita', 'Female'], ['Gayatri', 'Female'], ['Ritika', 'Female'],
];

export const FAMILY_NAMES: readonly string[] = [
  'Sharma', 'Verma', 'Gupta', 'Agarwal', 'Mishra', 'Tiwari', 'Pandey', 'Srivastava', 'Chaturvedi', 'Saxena',
  'Iyer', 'Iyengar', 'Reddy', 'Rao', 'Naidu', 'Nair', 'Menon', 'Pillai', 'Krishnan', 'Subramanian',
  'Patel', 'Shah', 'Desai', 'Mehta', 'Joshi', 'Kulkarni', 'Deshpande', 'Patil', 'Jadhav', 'Gokhale',
  'Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Ghosh', 'Bose', 'Sen', 'Dutta', 'Mohanty', 'Panda',
  'Singh', 'Kaur', 'Gill', 'Sandhu', 'Chauhan', 'Rathore', 'Yadav', 'Thakur', 'Sahu', 'Verghese',
  'Khan', 'Ansari', 'Qureshi', 'Fernandes', "D'Souza", 'Bhatt', 'Negi', 'Rawat', 'Baghel', 'Tripathi',
];

/** The local part of an e-mail address for a person: 'firstname.lastname', letters only. */
export function emailLocalOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
}
