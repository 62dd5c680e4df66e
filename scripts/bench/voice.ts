/**
 * `npm run bench -- voice`: voice engine time and memory. Speech-like audio is synthesised in code
 * (10 s, 60 s, 600 s at 16 kHz), plus a ~150 MB upload (566 s of 44.1 kHz stereo 24-bit WAV made with
 * ffmpeg). Each file is analysed in a fresh Node process so its peak RSS is its own; times are the
 * median of three runs of probeAudio + analyzeVoice (decode included). ffmpeg's own memory is not in
 * the RSS figure (it streams; the engine keeps the decoded 16 kHz PCM).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyzeVoice, probeAudio } from '../../server/engines/voice/index.ts';
import { encodeWav, speechLikeSignal } from '../../server/engines/voice/synthetic.ts';

interface Measurement { probeMs: number; analyseMs: number; cpuMs: number; peakRssMiB: number; duration: number }

/** CPU time of this process and of its finished children (ffprobe, ffmpeg), in ms: wall time on an idle machine is about this. */
function cpuMs(): number {
  const own = process.cpuUsage();
  // /proc/self/stat fields 16 and 17: cutime and cstime of waited-for children, in clock ticks (100 Hz).
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (own.user + own.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10;
}

async function measure(file: string): Promise<Measurement> {
  const times: { probeMs: number; analyseMs: number; cpuMs: number }[] = [];
  let duration = 0;
  for (let i = 0; i < 3; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const probe = await probeAudio(file);
    const t1 = performance.now();
    await analyzeVoice(file);
    times.push({ probeMs: t1 - t0, analyseMs: performance.now() - t1, cpuMs: cpuMs() - c0 });
    duration = probe.durationSeconds;
  }
  times.sort((a, b) => a.analyseMs - b.analyseMs);
  return { ...times[1], peakRssMiB: process.resourceUsage().maxRSS / 1024, duration };
}

function measureInChild(file: string): Measurement {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', file], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Measurement;
}

export async function run(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-bench-'));
  try {
    const files: { label: string; file: string }[] = [];
    for (const seconds of [10, 60, 600]) {
      const file = path.join(dir, `speech-${seconds}s.wav`);
      writeFileSync(file, encodeWav(speechLikeSignal(seconds, { seed: seconds }), 16_000));
      files.push({ label: `${seconds} s, WAV 16 kHz mono`, file });
    }
    const big = path.join(dir, 'upload-150mb.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', files[2].file, '-t', '566', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s24le', big]);
    files.push({ label: `566 s, WAV 44.1 kHz stereo 24-bit (${(statSync(big).size / 1e6).toFixed(0)} MB upload)`, file: big });
    const mp3 = path.join(dir, 'speech-600s.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', files[2].file, '-c:a', 'libmp3lame', '-b:a', '64k', mp3]);
    files.push({ label: '600 s, MP3 64 kbit/s', file: mp3 });

    const lines = [
      '| audio | probe (ms) | probe + decode + analysis (s) | × real time | CPU, Node + ffmpeg (s) | peak RSS (MiB) |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    for (const { label, file } of files) {
      const m = measureInChild(file);
      const seconds = m.analyseMs / 1000;
      lines.push(`| ${label} | ${m.probeMs.toFixed(0)} | ${seconds.toFixed(2)} | ${(m.duration / seconds).toFixed(0)}× | ${(m.cpuMs / 1000).toFixed(2)} | ${m.peakRssMiB.toFixed(0)} |`);
      console.error(lines[lines.length - 1]);
    }
    return [
      'Voice engine (`analyzeVoice`: ffprobe, ffmpeg decode to 16 kHz mono, frame analysis, windows, classifier, timeline) on synthesised speech-like audio; median of 3 runs, each file in a fresh Node process. Target: 600 s in under 10 s. CPU is the processor time of the run (Node plus its ffprobe/ffmpeg children): on a shared, loaded machine the wall time grows, the CPU time does not, and on an idle machine the wall time is about the CPU time. Peak RSS is the Node process (ffmpeg streams in its own process).',
      '',
      ...lines,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--measure') {
  console.log(JSON.stringify(await measure(process.argv[3])));
}
