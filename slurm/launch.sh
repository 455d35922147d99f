#!/usr/bin/env bash
# Submit probe jobs to Slurm with the knobs users change; the Slurm log goes into the run directory.
#
#   slurm/launch.sh train CONFIG [RUN_NAME] [options] [-- more sbatch args]
#   slurm/launch.sh eval CHECKPOINT [options] [-- more sbatch args]
#
# options (both):  --time HH:MM:SS   --model HUB_NAME_OR_PATH (target served by vLLM)
#                  --served-name NAME   --port PORT   --partition P   --account A
#                  --vllm-args "ARGS"   --target-gpus 0[,1,..]   --dry-run (print, do not submit)
# train only:      --set key=value (repeatable)   --reward VARIANT   --out-dir DIR (default checkpoints)
# eval only:       --out DIR   --episodes N   --turns N   --samples N
#
# Examples:
#   slurm/launch.sh train configs/skyassist-qwen3-4b-grpo.yaml grpo-dedup --reward dedup --time 12:00:00
#   slurm/launch.sh eval checkpoints/grpo-dedup/ckpt-00500 --time 02:00:00
# Knobs travel in the environment (sbatch --export=ALL), so values may contain commas.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
die() { echo "launch.sh: $*" >&2; exit 2; }

(( $# >= 2 )) || usage
MODE="$1"; TARGET_ARG="$2"; shift 2
case "$MODE" in train|eval) ;; -h|--help) usage 0 ;; *) die "first argument must be 'train' or 'eval', got '$MODE'" ;; esac

RUN_NAME=""
if [[ "$MODE" == train && $# -gt 0 && "$1" != -* ]]; then RUN_NAME="$1"; shift; fi

SBATCH_ARGS=()
SETS=()
DRY_RUN=0
declare -A KNOBS=()
need() { [[ $# -ge 2 && -n "$2" ]] || die "$1 needs a value"; }
while (( $# )); do
  case "$1" in
    --time) need "$@"; SBATCH_ARGS+=(--time "$2"); shift 2 ;;
    --partition) need "$@"; SBATCH_ARGS+=(--partition "$2"); shift 2 ;;
    --account) need "$@"; SBATCH_ARGS+=(--account "$2"); shift 2 ;;
    --model) need "$@"; KNOBS[TARGET_MODEL]="$2"; shift 2 ;;
    --served-name) need "$@"; KNOBS[SERVED_MODEL_NAME]="$2"; shift 2 ;;
    --port) need "$@"; [[ "$2" =~ ^[0-9]+$ ]] || die "--port takes a number"; KNOBS[PORT]="$2"; shift 2 ;;
    --vllm-args) [[ $# -ge 2 ]] || die "--vllm-args needs a value"; KNOBS[VLLM_ARGS]="$2"; shift 2 ;;
    --target-gpus) need "$@"; KNOBS[TARGET_GPUS]="$2"; shift 2 ;;
    --set) [[ "$MODE" == train ]] || die "--set is for train"; need "$@"
           [[ "$2" == *=* && "$2" != *" "* ]] || die "--set takes key=value without spaces, got '$2'"
           SETS+=("$2"); shift 2 ;;
    --reward) [[ "$MODE" == train ]] || die "--reward is for train"; need "$@"; SETS+=("reward=$2"); shift 2 ;;
    --out-dir) [[ "$MODE" == train ]] || die "--out-dir is for train"; need "$@"; KNOBS[OUT_DIR]="$2"; shift 2 ;;
    --out) [[ "$MODE" == eval ]] || die "--out is for eval (train: --out-dir)"; need "$@"; KNOBS[EVAL_OUT]="$2"; shift 2 ;;
    --episodes|--turns|--samples)
           [[ "$MODE" == eval ]] || die "$1 is for eval"; need "$@"
           key="${1#--}"; KNOBS[${key^^}]="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) usage 0 ;;
    --) shift; SBATCH_ARGS+=("$@"); break ;;
    *) die "unknown option '$1' (see slurm/launch.sh --help)" ;;
  esac
done

cd "$ROOT"
KNOBS[PROBE_ROOT]="$ROOT"
if [[ "$MODE" == train ]]; then
  [[ -f "$TARGET_ARG" ]] || die "config '$TARGET_ARG' not found"
  RUN_NAME="${RUN_NAME:-$(basename "$TARGET_ARG" .yaml)}"
  [[ "$RUN_NAME" =~ ^[A-Za-z0-9._-]+$ ]] || die "RUN_NAME '$RUN_NAME' may hold only letters, digits, '.', '_' and '-'"
  KNOBS[CONFIG]="$TARGET_ARG"
  KNOBS[RUN_NAME]="$RUN_NAME"
  (( ${#SETS[@]} == 0 )) || KNOBS[EXTRA_SET]="${SETS[*]}"
  LOG_DIR="${KNOBS[OUT_DIR]:-checkpoints}/$RUN_NAME"
  SCRIPT="slurm/train_two_gpu.sbatch"
  JOB_NAME="probe-train-$RUN_NAME"
else
  [[ -d "$TARGET_ARG" ]] || die "checkpoint directory '$TARGET_ARG' not found"
  CKPT="${TARGET_ARG%/}"
  KNOBS[CHECKPOINT]="$CKPT"
  LOG_DIR="${KNOBS[EVAL_OUT]:-$(dirname "$CKPT")/eval-$(basename "$CKPT")}"
  SCRIPT="slurm/eval.sbatch"
  JOB_NAME="probe-eval-$(basename "$(dirname "$CKPT")")-$(basename "$CKPT")"
fi

CMD=(sbatch --job-name "$JOB_NAME" --output "$LOG_DIR/slurm-%j.out" --export=ALL
     ${SBATCH_ARGS[@]+"${SBATCH_ARGS[@]}"} "$SCRIPT")
mapfile -t NAMES < <(printf '%s\n' "${!KNOBS[@]}" | sort)
if (( DRY_RUN )); then
  for k in "${NAMES[@]}"; do printf '%s=%q \\\n' "$k" "${KNOBS[$k]}"; done
  printf '%q ' "${CMD[@]}"; echo
  exit 0
fi
command -v sbatch >/dev/null || die "sbatch not found: run on a Slurm login node (or run the .sbatch file with bash)"
mkdir -p "$LOG_DIR"
for k in "${NAMES[@]}"; do export "$k=${KNOBS[$k]}"; done
"${CMD[@]}"
echo "logs: $LOG_DIR/ (slurm-<jobid>.out$([[ "$MODE" == train ]] && echo ", vllm.log, train.log" || echo ", vllm.log, eval.log"))"
