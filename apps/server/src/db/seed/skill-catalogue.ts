import type { SKILL_TYPES } from '@cosa/contracts';

type SkillType = (typeof SKILL_TYPES)[number];

/** A campus skill catalogue by type and category (a few hundred entries). */
const SKILL_CATALOGUE: Record<SkillType, Record<string, readonly string[]>> = {
  technical: {
    Programming: [
      'Python', 'C++', 'Java', 'JavaScript', 'TypeScript', 'Go', 'Rust', 'Kotlin', 'Swift', 'C', 'R', 'Julia',
      'Haskell', 'Scala', 'Bash Scripting', 'SQL', 'MATLAB', 'Verilog', 'VHDL', 'Solidity',
    ],
    'Web and Mobile': [
      'React', 'Angular', 'Vue.js', 'Node.js', 'Django', 'Flask', 'Spring Boot', 'Next.js', 'Flutter', 'React Native',
      'Android Development', 'iOS Development', 'GraphQL', 'REST API Design', 'Tailwind CSS', 'Web Accessibility',
    ],
    'Data and AI': [
      'Machine Learning', 'Deep Learning', 'PyTorch', 'TensorFlow', 'Computer Vision', 'Natural Language Processing',
      'Data Visualization', 'Pandas', 'Reinforcement Learning', 'Big Data with Spark', 'Statistics for ML', 'MLOps',
    ],
    'Systems and Tools': [
      'Git', 'Docker', 'Kubernetes', 'Linux Administration', 'Networking', 'Cloud Computing (AWS)', 'PostgreSQL',
      'MongoDB', 'Cyber Security', 'Ethical Hacking', 'Competitive Programming', 'System Design',
    ],
    'Hardware and Design': [
      'Arduino', 'Raspberry Pi', 'Embedded C', 'PCB Design', 'ROS', 'Drone Building', 'AutoCAD', 'SolidWorks',
      'ANSYS', 'Fusion 360', '3D Printing', 'CNC Machining', 'LabVIEW', 'FPGA Programming', 'UI/UX Design', 'Figma',
    ],
  },
  cultural: {
    Dance: [
      'Bharatanatyam', 'Kathak', 'Odissi', 'Kuchipudi', 'Mohiniyattam', 'Bhangra', 'Garba', 'Hip-Hop Dance',
      'Contemporary Dance', 'Salsa', 'Freestyle Dance', 'Folk Dance',
    ],
    Music: [
      'Hindustani Vocals', 'Carnatic Vocals', 'Western Vocals', 'Acoustic Guitar', 'Electric Guitar', 'Bass Guitar',
      'Keyboard', 'Tabla', 'Mridangam', 'Flute', 'Violin', 'Drums', 'Sitar', 'Harmonium', 'Beatboxing', 'Music Production',
    ],
    'Drama and Speaking': [
      'Stage Acting', 'Street Play (Nukkad Natak)', 'Mime', 'Stand-up Comedy', 'Anchoring', 'Scriptwriting',
      'Improv Theatre', 'Voice Acting', 'Poetry Recitation', 'Storytelling',
    ],
    'Visual Arts': [
      'Sketching', 'Oil Painting', 'Watercolour Painting', 'Madhubani Art', 'Warli Art', 'Calligraphy', 'Rangoli',
      'Sculpture', 'Digital Illustration', 'Graphic Design', 'Photography', 'Videography', 'Video Editing',
      'Animation', 'Cinematography', 'Fashion Design', 'Stage Lighting', 'Set Design',
    ],
  },
  sports: {
    'Team Sports': [
      'Cricket', 'Football', 'Basketball', 'Volleyball', 'Hockey', 'Kabaddi', 'Kho-Kho', 'Handball', 'Throwball',
      'Ultimate Frisbee', 'Water Polo', 'Baseball',
    ],
    'Racket Sports': ['Badminton', 'Table Tennis', 'Lawn Tennis', 'Squash', 'Pickleball'],
    Athletics: [
      '100m Sprint', '400m Run', 'Long Distance Running', 'Marathon', 'Long Jump', 'High Jump', 'Shot Put',
      'Javelin Throw', 'Discus Throw', 'Relay Running', 'Hurdles', 'Triple Jump',
    ],
    'Mind Sports': ['Chess', 'Carrom', 'Bridge', 'Rubik\'s Cube Speedsolving', 'Esports (Valorant)', 'Esports (FIFA)'],
    Fitness: [
      'Yoga', 'Weightlifting', 'Powerlifting', 'Swimming', 'Cycling', 'Trekking', 'Rock Climbing', 'Boxing',
      'Taekwondo', 'Karate', 'Judo', 'Wrestling', 'Archery', 'Shooting', 'Skating', 'Calisthenics',
    ],
  },
  academic: {
    Mathematics: [
      'Linear Algebra', 'Real Analysis', 'Probability Theory', 'Differential Equations', 'Number Theory',
      'Graph Theory', 'Optimization', 'Numerical Methods', 'Discrete Mathematics', 'Abstract Algebra',
    ],
    Sciences: [
      'Quantum Mechanics', 'Classical Mechanics', 'Electromagnetism', 'Thermodynamics', 'Organic Chemistry',
      'Physical Chemistry', 'Materials Science', 'Biochemistry', 'Astrophysics', 'Fluid Mechanics', 'Heat Transfer',
    ],
    Engineering: [
      'Data Structures', 'Algorithms', 'Operating Systems', 'Computer Networks', 'Control Systems',
      'Signal Processing', 'Power Systems', 'VLSI Design', 'Structural Analysis', 'Strength of Materials',
      'Machine Design', 'Chemical Process Design', 'Surveying', 'Geotechnical Engineering',
    ],
    'Research and Writing': [
      'Technical Writing', 'Research Methodology', 'LaTeX', 'Literature Review', 'Scientific Presentation',
      'Patent Drafting', 'Academic Peer Tutoring', 'Debating', 'Quizzing', 'Creative Writing', 'Public Speaking',
      'Economics', 'Financial Modelling', 'Case Study Analysis', 'Foreign Language (German)', 'Foreign Language (Japanese)',
    ],
  },
};

export type CatalogueSkill = { name: string; category: string; type: SkillType };

/** Every catalogue entry as a flat list. */
export function catalogueSkills(): CatalogueSkill[] {
  const list: CatalogueSkill[] = [];
  for (const [type, categories] of Object.entries(SKILL_CATALOGUE) as [SkillType, Record<string, readonly string[]>][]) {
    for (const [category, names] of Object.entries(categories)) {
      for (const name of names) list.push({ name, category, type });
    }
  }
  return list;
}
