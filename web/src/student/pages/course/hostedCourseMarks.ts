// The course page's first screen as a host writes it (render/hostedCourse.tsx): where it goes, and
// the mark the page's island sets once it has drawn the page itself. The stylesheet reads both
// (web/panda.config.ts): the island's loading line is unseen while the host's copy is there, and
// the host's copy is unseen once the island has drawn.

/** The element that holds what the host wrote (empty where it wrote nothing). */
export const HOSTED_COURSE = 'data-hosted-course';

/** On <html>, once the course page's island has drawn the course (or its failure). */
export const COURSE_DRAWN = 'data-course-drawn';
