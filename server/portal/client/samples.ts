/**
 * The playground's sample texts. The plagiarism sample copies the GNU GPL's preamble, which the
 * starter corpus (`npm run admin -- sources import --starter`) holds, so a scan of it finds its source.
 */
export const SAMPLES = {
  detect: 'The committee reviewed the proposal on Monday. In conclusion, it is important to note that leveraging synergies can significantly enhance overall operational efficiency. We went for coffee afterwards and argued about the budget.',
  humanize: 'Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape.',
  grammar: 'She go to school every days and she have two brother. Their going to the park tomorow.',
  plagiarism:
    'We chose a licence for our project this week. The licenses for most software and other practical works are designed to take away your freedom to share and change the works. ' +
    'By contrast, the GNU General Public License is intended to guarantee your freedom to share and change all versions of a program--to make sure it remains free software for all its users.',
};
