import type { TreeMeter } from "./cpu";
import type { Acknowledged } from "./loadtest-ledger";
import {
  type Catalogue,
  type LoadUser,
  type MixWeights,
  recordCommentTimes,
  runMix,
  type StepResult,
  summariseStep,
  writeStepData,
} from "./loadtest-mix";
import type { Topology } from "./loadtest-topology";

/**
 * The mix against one started topology, one wrk run after another (the load test's steps, the soak's sample
 * windows). Each run gets a data file of its own (pages, the users with their comment times so far, fresh play
 * tokens, where this run's like pairs start); what the ledger needs is carried across runs: the writes
 * acknowledged and sent, the next unliked (user, video) pair, each user's recent comments.
 */
export class MixSession {
  readonly acked: Acknowledged = { likes: 0, comments: 0, views: 0 };
  readonly sent: Acknowledged = { likes: 0, comments: 0, views: 0 };
  private likeStart = 0;

  constructor(
    private readonly site: {
      topology: Topology;
      catalogue: Catalogue;
      users: LoadUser[];
      weights: MixWeights;
      threads: number;
      /** The CPU split per run (app, PostgreSQL, proxy), when given. */
      meter?: TreeMeter;
    },
  ) {}

  /**
   * One wrk run of the mix. `tag` marks this run's comments (the ledger counts the run id's); `maxRps` sizes its
   * play tokens: the views' share of that many requests a second (a run that goes faster sends its extra views as
   * video pages, counted as skipped).
   */
  async run(opts: { connections: number; seconds: number; tag: string; dataFile: string; maxRps: number }): Promise<StepResult> {
    const { topology, catalogue, users, weights, threads, meter } = this.site;
    writeStepData(opts.dataFile, {
      origin: topology.origin,
      tag: opts.tag,
      threads,
      weights,
      catalogue,
      users,
      likeStart: this.likeStart,
      tokens: Math.ceil(((opts.maxRps * weights.view) / 100) * opts.seconds),
      key: topology.key,
    });
    const report = await runMix(topology.origin, {
      dataFile: opts.dataFile,
      connections: opts.connections,
      seconds: opts.seconds,
      threads,
      meter,
    });
    this.likeStart = report.likeNext;
    recordCommentTimes(users, report);
    this.acked.likes += report.acked.like ?? 0;
    this.acked.comments += report.acked.comment ?? 0;
    this.acked.views += report.acked.view ?? 0;
    this.sent.likes += report.sent.like ?? 0;
    this.sent.comments += report.sent.comment ?? 0;
    this.sent.views += report.sent.view ?? 0;
    return summariseStep(opts.connections, report);
  }
}
