/** Words the demo catalogue is made of: categories with their topics, genres and title parts. */
export interface CategoryVocabulary {
  slug: string;
  topics: string[];
  genres: string[];
  subjects: string[];
}

export const CATEGORIES: CategoryVocabulary[] = [
  {
    slug: 'music',
    topics: ['piano', 'guitar', 'singing', 'music-theory', 'songwriting', 'music-production', 'drums', 'violin'],
    genres: ['jazz', 'pop', 'classical', 'blues', 'rock', 'hip-hop', 'folk', 'electronic'],
    subjects: ['Piano', 'Guitar', 'Vocals', 'Songwriting', 'Beat Making', 'Drumming', 'Violin', 'Harmony', 'Mixing'],
  },
  {
    slug: 'dance',
    topics: ['choreography', 'ballet', 'street-dance', 'salsa', 'contemporary', 'tap'],
    genres: ['hip-hop', 'latin', 'classical', 'jazz', 'k-pop'],
    subjects: ['Ballet', 'Salsa', 'Hip-Hop Dance', 'Choreography', 'Tap', 'Contemporary Dance', 'Breaking'],
  },
  {
    slug: 'art',
    topics: ['drawing', 'painting', 'watercolor', 'illustration', 'sculpture', 'calligraphy'],
    genres: ['portrait', 'landscape', 'abstract', 'comics', 'still-life'],
    subjects: ['Watercolor', 'Portrait Drawing', 'Oil Painting', 'Illustration', 'Calligraphy', 'Sketching', 'Clay Sculpture'],
  },
  {
    slug: 'cooking',
    topics: ['baking', 'knife-skills', 'pasta', 'pastry', 'vegetarian', 'grilling', 'fermentation'],
    genres: ['italian', 'french', 'japanese', 'mexican', 'indian', 'home-cooking'],
    subjects: ['Sourdough', 'Pasta', 'Pastry', 'Knife Skills', 'Sushi', 'Curry', 'Grilling', 'Fermentation'],
  },
  {
    slug: 'fitness',
    topics: ['yoga', 'strength', 'running', 'mobility', 'pilates', 'hiit'],
    genres: ['beginner', 'endurance', 'recovery', 'competition'],
    subjects: ['Yoga', 'Strength Training', 'Marathon Running', 'Mobility', 'Pilates', 'HIIT', 'Boxing'],
  },
  {
    slug: 'technology',
    topics: ['programming', 'web-development', 'data-science', 'machine-learning', 'design-systems', 'game-development'],
    genres: ['beginner', 'career', 'hands-on', 'deep-dive'],
    subjects: ['Python', 'Web Development', 'Data Science', 'Machine Learning', 'Game Design', 'TypeScript', 'SQL'],
  },
  {
    slug: 'writing',
    topics: ['fiction', 'screenwriting', 'poetry', 'copywriting', 'memoir', 'journalism'],
    genres: ['mystery', 'fantasy', 'comedy', 'drama', 'non-fiction'],
    subjects: ['Fiction Writing', 'Screenwriting', 'Poetry', 'Copywriting', 'Memoir', 'Storytelling', 'Worldbuilding'],
  },
  {
    slug: 'photography',
    topics: ['portrait-photography', 'lighting', 'editing', 'street-photography', 'film-photography', 'drone'],
    genres: ['documentary', 'fashion', 'landscape', 'travel', 'black-and-white'],
    subjects: ['Portrait Photography', 'Lighting', 'Photo Editing', 'Street Photography', 'Film Cameras', 'Travel Photography'],
  },
];

export const TITLE_PATTERNS = [
  '{subject} Fundamentals',
  '{subject} for Beginners',
  'Mastering {subject}',
  '{subject} from Scratch',
  'The Art of {subject}',
  '{subject} in 30 Days',
  'Advanced {subject} Techniques',
  '{subject} Masterclass',
  'Creative {subject}',
  '{subject} Essentials',
];

export const FIRST_NAMES = [
  'Ava',
  'Marcus',
  'Lena',
  'Diego',
  'Priya',
  'Tomás',
  'Yuki',
  'Amara',
  'Jonah',
  'Sofia',
  'Kwame',
  'Ingrid',
  'Rafael',
  'Mei',
  'Omar',
  'Clara',
];
export const LAST_NAMES = [
  'Reyes',
  'Okafor',
  'Lindqvist',
  'Haddad',
  'Nakamura',
  'Brennan',
  'Moreau',
  'Castillo',
  'Adeyemi',
  'Kowalski',
  'Shah',
  'Fischer',
];

export const LESSON_WORDS = [
  'Warm-up',
  'Foundations',
  'Technique',
  'Practice Session',
  'Common Mistakes',
  'Putting It Together',
  'Performance',
  'Next Steps',
];
