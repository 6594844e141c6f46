/** 记住密码 keeps the username and password in this browser (SPEC point 9), after a warning. */
const KEY = 'gk.remember';

export interface Remembered {
  username: string;
  password: string;
}

export function readRemembered(): Remembered | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return v && typeof v.username === 'string' && typeof v.password === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function saveRemembered(v: Remembered) {
  localStorage.setItem(KEY, JSON.stringify(v));
}

export function clearRemembered() {
  localStorage.removeItem(KEY);
}
