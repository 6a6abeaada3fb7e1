import { describe, expect, it } from 'vitest';
import { cleanFileName, withoutHiddenCharacters } from './file-names.js';

describe('file names', () => {
  it('strips bidirectional controls, so a name shows what it is', () => {
    // Shown by a file manager as "Gold4qm.exe" before cleaning.
    expect(cleanFileName('Gold\u202Eexe.mq4', 'robot.mq4')).toBe('Goldexe.mq4');
    expect(cleanFileName('\u2066Robot\u2069 \u2067v2\u2068.mq5', 'robot.mq5')).toBe('Robot v2.mq5');
    expect(cleanFileName('\u200ERobot\u200F\u061C\u202A\u202B\u202C\u202D.zip', 'robot.zip')).toBe('Robot.zip');
  });

  it('strips C0 and C1 controls, DEL and invisible characters, keeping the joiners scripts need', () => {
    expect(cleanFileName('My\u0007Bot\u007f\u0085\u009b.ex5', 'robot.ex5')).toBe('MyBot.ex5');
    expect(cleanFileName('\ufeffZero\u200bWidth\u2060.ex4', 'robot.ex4')).toBe('ZeroWidth.ex4');
    expect(withoutHiddenCharacters('a\u0000b\u001fc\u0080d\u009fe')).toBe('abcde');
    expect(cleanFileName('ربات\u200Cطلایی.mq5', 'robot.mq5')).toBe('ربات\u200Cطلایی.mq5');
  });

  it('keeps the last path segment, without reserved characters, and a name when nothing is left', () => {
    expect(cleanFileName('C:\\Users\\me\\My\u0007Bot.mq5', 'robot.mq5')).toBe('MyBot.mq5');
    expect(cleanFileName('../../etc/Alpha  v2?.ZIP', 'robot.zip')).toBe('Alpha v2.ZIP');
    expect(cleanFileName('.zip', 'robot.zip')).toBe('robot.zip');
    expect(cleanFileName('\u202E\u2066', 'robot.mq4')).toBe('robot.mq4');
    expect(cleanFileName(`${'a'.repeat(300)}.zip`, 'robot.zip')).toBe(`${'a'.repeat(146)}.zip`);
  });
});
